#!/usr/bin/env python3
# Issue 28, helper h28w: would a bar on phi* (engine/backend/gpu/skip_bound.h) refuse an honest
# folder? Reads every live gate detail under docs/results, takes each honest folder's recorded lint
# share per output as its echo sd (the share is the largest of the nine echoes, at least their
# rms, so phi*(share) is a lower bound on phi*) and counts the folders a bar at 1/16, 1/8, 1/4
# refuses for certain. Run from the repository root. ("apart" below: a one-output detail.)
import os, re
from statistics import NormalDist
root='docs/results'
N=8; p=0.9
q=1-(1-p)**(1/N); z=NormalDist().inv_cdf(1-q/2)
def phistar(sd):
    if sd==float('inf'): return 0.0
    if sd<=0: return 1.0
    return 1/(1+(sd*z)**2)
cheats=set(os.listdir('tests/cheats')); probs=set(os.listdir('problems'))
rx=re.compile(r'1-in-2 echo told apart[^"\\]*')
found={}
for dp,dn,fn in os.walk(root):
    for f in fn:
        path=os.path.join(dp,f)
        try: txt=open(path,errors='ignore').read()
        except: continue
        if '1-in-2 echo' not in txt: continue
        for line in txt.splitlines():
            if '1-in-2 echo told apart' not in line: continue
            # folder name: a path component or a "problem" field
            names=[c for c in path.split('/') if c in cheats or c in probs]
            m=re.search(r'"problem"\s*:\s*"([^"]+)"',line)
            if m: names.append(m.group(1).split('/')[-1])
            m=re.search(r'(tests/cheats|problems|tests/corpus[^/]*)/([A-Za-z0-9_]+)',line)
            if m: names.append(m.group(2))
            if not names: names=['?'+path]
            name=names[-1]
            for note in rx.findall(line):
                note=note.split('; ')[0]
                # per output shares: "X by set 0 (at S)" or "by set 0 (at S of its tolerance"
                outs=re.findall(r'(\w+) by ([^()]*?) \(at ([0-9.e+\-inf]+)',note)
                if not outs:
                    m=re.search(r'told apart by ([^()]*?) \(at ([0-9.e+\-inf]+) of its tolerance(?:, set 0 alone at ([0-9.e+\-]+))?',note)
                    if not m: continue
                    s=float(m.group(2)); s0=float(m.group(3)) if m.group(3) else s
                    outs=[('out',m.group(1),str(s0))]
                else:
                    outs=[(o,st,sv) for (o,st,sv) in outs]
                for o,st,sv in outs:
                    s=float(sv)
                    found.setdefault(name,{})[o]=(s,st)
honest={k:v for k,v in found.items() if k.startswith('control') or k in probs or 'corpus' in k or (k not in cheats and not k.startswith('redteam') and not k.startswith('?'))}
print("z =",round(z,3),"q* =",round(q,4))
rows=[]
for k,v in sorted(honest.items()):
    worst=max(phistar(s) for s,_ in v.values())
    rows.append((k,worst,v))
for bar in (1/16,1/8,1/4):
    ref=[k for k,w,v in rows if w>bar]
    print(f"bar {bar:.4f}: refuses at least {len(ref)} of {len(rows)} honest folders with a live share: {ref}")
for k,w,v in rows:
    print(f"  {k}: phi*>= {w:.3g}  " + ", ".join(f"{o}: share {s:g} ({st.strip()})" for o,(s,st) in v.items()))
print("not honest (cheats) with shares:",len(found)-len(honest))
