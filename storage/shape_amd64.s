#include "textflag.h"

// func matchShape(buf *byte, buflen int, ncs *uint64, nwords int, base int, lo int, ms *shapeMember, nms int, at *int) (w int, rest uint64, k int)
//
// shape.match's loop for a shape whose names are all of 15 bytes or
// fewer (no words between head and tail): base is the first word's
// byte offset in buf. A shapeMember is 64 bytes: tail 0, tmask 8,
// head 16, mid 24-47, n 48, j 56 (TestShapeMemberLayout).
TEXT ·matchShape(SB), NOSPLIT, $0-96
	MOVQ buf+0(FP), SI
	MOVQ ncs+16(FP), DI
	MOVQ base+32(FP), R10
	MOVQ lo+40(FP), R11
	MOVQ ms+48(FP), R12
	XORQ BX, BX // k
	XORQ R9, R9 // w

word:
	CMPQ R9, nwords+24(FP)
	JGE  done
	MOVQ (DI)(R9*8), DX // the word's name ends left

member:
	TESTQ DX, DX
	JZ    nextword
	BSFQ  DX, AX
	ADDQ  R10, AX        // p: the name's closing quote
	CMPQ  BX, nms+56(FP)
	JGE   stop
	CMPQ  AX, $8
	JL    stop
	CMPQ  AX, buflen+8(FP)
	JG    stop
	MOVQ  BX, R8
	SHLQ  $6, R8
	ADDQ  R12, R8        // mk
	MOVQ  48(R8), R13    // n
	MOVQ  AX, CX
	SUBQ  R13, CX
	DECQ  CX             // i: its opening quote, if the name is mk's
	CMPQ  CX, R11
	JLE   stop
	MOVQ  -8(SI)(AX*1), R13
	ANDQ  8(R8), R13
	CMPQ  R13, 0(R8)
	JNE   stop
	CMPQ  48(R8), $8
	JL    taken
	MOVQ  (SI)(CX*1), R13
	CMPQ  R13, 16(R8)
	JNE   stop

taken:
	MOVQ 56(R8), R13 // j
	TESTQ R13, R13
	JL   next
	MOVQ at+64(FP), CX
	MOVQ AX, (CX)(R13*8)

next:
	INCQ BX
	LEAQ -1(DX), R13
	ANDQ R13, DX
	JMP  member

nextword:
	INCQ R9
	ADDQ $64, R10
	JMP  word

done:
	MOVQ R9, w+72(FP)
	MOVQ $0, rest+80(FP)
	MOVQ BX, k+88(FP)
	RET

stop:
	MOVQ R9, w+72(FP)
	MOVQ DX, rest+80(FP)
	MOVQ BX, k+88(FP)
	RET
