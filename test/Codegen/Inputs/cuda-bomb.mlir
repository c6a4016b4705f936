// A macro bomb: its expansion never ends in practice; the time limit ends it.
kb.candidate @bomb of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0A#define A(x) x x x x\0A#define B(x) A(A(A(A(x))))\0A#define C(x) B(B(B(B(x))))\0A#define D(x) C(C(C(C(x))))\0Aint f() { return 0 D(D(+1)); }\0A"
