#!/usr/bin/env python3
# Issue 28, helper h28w: the strided class echoes' cost (law_regions.h) for every folder: the
# echoed inputs' bytes (in/inout, uniform/normal/randint, >= 2 elements) from problem.yaml, x 256
# uploads. tests/corpus_fresh11 (held out) is left out. Run from the repository root.
import yaml, os, glob
size={'f32':4,'f64':8,'f16':2,'bf16':2,'i32':4,'u32':4,'i64':8,'u64':8,'i8':1,'u8':1,'i16':2,'u16':2}
def ceil_div(a,b): return -(-a//b)
rows=[]; bad=0
dirs=sorted(p for p in glob.glob('tests/cheats/*/problem.yaml')+glob.glob('problems/*/problem.yaml')+glob.glob('tests/corpus*/*/problem.yaml') if 'corpus_fresh11' not in p)
for p in dirs:
    try:
        y=yaml.safe_load(open(p))
        sc=dict(y.get('scalars') or {})
        env={'ceil_div':ceil_div,'min':min,'max':max}
        env.update(sc)
        tot=0
        for name,b in (y.get('buffers') or {}).items():
            if b.get('role') not in ('in','inout'): continue
            init=b.get('init') or {}
            if init.get('dist') not in ('uniform','normal','randint'): continue
            n=1
            for d in b['shape']: n*=int(eval(str(d),{},env))
            if n<2: continue
            tot+=n*size.get(b['dtype'],4)
        rows.append((tot,os.path.dirname(p)))
    except Exception as e:
        bad+=1
rows.sort(reverse=True)
print("folders parsed",len(rows),"unparsed",bad)

import statistics
mb=[r[0]/2**20 for r in rows]
print("echoed input MiB: median %.1f, max %.1f"%(statistics.median(mb),max(mb)))
for t,d in rows[:12]:
    up=256*t/25e9
    print(f"  {d}: {t/2**20:.0f} MiB echoed; 256 strided echoes: {256*t/2**30:.1f} GiB host->device, ~{up:.1f} s at 25 GB/s")
for lim in (16,64,256):
    print(f"folders with <= {lim} MiB echoed: {sum(1 for r in rows if r[0]<=lim*2**20)} (<= {256*lim/1024:.0f} GiB, {256*lim*2**20/25e9:.2f} s of uploads)")
print("histogram:", [ (t/2**20) for t,d in rows if 'atomic_float_histogram' in d])
