G=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $G"
tar -C .carry -xJf .carry/pack/dyn.tar.xz && export SOLVER_BUNDLE=.carry/dyn
bash scripts/gpu/probe_fresh19.sh ${F19_S:-205} > $OUT/fresh19.txt 2>&1; tail -32 $OUT/fresh19.txt
[ "${H29K_S:-0}" -gt 0 ] && ORDER="pagerank cheats" PAGERANK_RESERVE=25 NAMES="redteam26_offlaw_heavy_lbeta redteam28_atol_excused_heavy" CHEAT_RESERVE=0 bash scripts/gpu/probe_h29k.sh $H29K_S > $OUT/h29k.txt 2>&1; tail -12 $OUT/h29k.txt 2>/dev/null
cd $OUT && tar czf /tmp/all.tgz . && find . -mindepth 1 -delete && mv /tmp/all.tgz .
