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
	XORQ DX, DX // every name checked

stop:
	MOVQ R9, w+72(FP)
	MOVQ DX, rest+80(FP)
	MOVQ BX, k+88(FP)
	RET

// func nameEndsAsm(q, sp, co *uint64, nco int, lo, end int, ncs *uint64) bool
//
// nameEndsGo's loop: ncs has room for the words lo>>6 to end>>6. Shifts
// by a register take its low 6 bits (lo&63, end&63).
TEXT ·nameEndsAsm(SB), NOSPLIT, $0-57
	MOVQ q+0(FP), R8
	MOVQ sp+8(FP), R9
	MOVQ co+16(FP), R10
	MOVQ nco+24(FP), R11
	MOVQ ncs+48(FP), DI
	MOVQ lo+32(FP), SI
	SHRQ $6, SI          // w
	MOVQ end+40(FP), DX
	SHRQ $6, DX          // the last word
	XORQ R13, R13        // all ones when the word starts inside a string

loop:
	// AX: the bits of the word in [lo, end)
	MOVQ $-1, AX
	MOVQ lo+32(FP), CX
	MOVQ CX, BX
	SHRQ $6, BX
	CMPQ SI, BX
	JNE  notfirst
	SHLQ CX, AX

notfirst:
	CMPQ SI, DX
	JNE  notlast
	MOVQ end+40(FP), CX
	MOVQ $1, BX
	SHLQ CX, BX
	DECQ BX
	ANDQ BX, AX

notlast:
	MOVQ (R8)(SI*8), BX
	ANDQ AX, BX          // qw
	// CX: the prefix parity of qw, then of the row (s)
	MOVQ BX, CX
	MOVQ CX, R12
	SHLQ $1, R12
	XORQ R12, CX
	MOVQ CX, R12
	SHLQ $2, R12
	XORQ R12, CX
	MOVQ CX, R12
	SHLQ $4, R12
	XORQ R12, CX
	MOVQ CX, R12
	SHLQ $8, R12
	XORQ R12, CX
	MOVQ CX, R12
	SHLQ $16, R12
	XORQ R12, CX
	MOVQ CX, R12
	SHLQ $32, R12
	XORQ R12, CX
	XORQ R13, CX
	MOVQ CX, R13
	SARQ $63, R13
	// whitespace outside the strings
	MOVQ (R9)(SI*8), R12
	ANDQ AX, R12
	NOTQ CX              // CX: ^s
	ANDQ CX, R12
	JNZ  spaced
	ANDQ CX, BX          // the quotes that close a string
	MOVQ (R10)(SI*8), R12
	SHRQ $1, R12
	LEAQ 1(SI), AX
	CMPQ AX, R11
	JGE  nocarry
	MOVQ 8(R10)(SI*8), AX
	SHLQ $63, AX
	ORQ  AX, R12

nocarry:
	ANDQ R12, BX
	MOVQ BX, (DI)
	ADDQ $8, DI
	INCQ SI
	CMPQ SI, DX
	JLE  loop
	MOVB $1, ret+56(FP)
	RET

spaced:
	MOVB $0, ret+56(FP)
	RET
