G=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $G"
SEEDS27="matmul_tri attention batched_gemm bias_gelu conv2d conv2d_7x7 decoder_block groupnorm layernorm layernorm_4096 layernorm_768 matmul matmul_1024 matmul_bf16 matmul_scalar neighbor_aggregation reduce sgemm_2048 sigmoid softmax stencil3d_r4 transpose_4096 triangle_contraction"
case "$G" in
*H200*) tar -C .carry -xJf .carry/pack/dyn33.tar.xz && export SOLVER_BUNDLE=.carry/dyn33 &&
  RECORD_BASE=tests/data/recordings/h200.json PROBLEMS=attention_bf16 RECORD_CAP_S=400 PARITY_PROBLEMS=attention_bf16 PARITY_STEP_S=150 BUDGET_S=580 bash scripts/gpu/run.sh record parity > $OUT/run.txt 2>&1; echo "which=record33" ; tail -20 $OUT/run.txt; cat $OUT/summary.txt ;;
*) tar -C .carry -xJf .carry/pack/dyn.tar.xz && export SOLVER_BUNDLE=.carry/dyn &&
  SEEDS="$SEEDS27" ORDER="cheats corpus4 seeds" bash scripts/gpu/probe_s27.sh 560 > $OUT/probe.txt 2>&1; echo "which=s27"; tail -70 $OUT/probe.txt ;;
esac
cd $OUT && tar czf /tmp/all.tgz . && find . -mindepth 1 -delete && mv /tmp/all.tgz .
