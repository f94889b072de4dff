#include "textflag.h"

// spaceLimit is 0x21 in every byte: a signed compare with it marks the
// bytes up to ' ' and those past ASCII.
DATA spaceLimit<>+0(SB)/8, $0x2121212121212121
DATA spaceLimit<>+8(SB)/8, $0x2121212121212121
DATA spaceLimit<>+16(SB)/8, $0x2121212121212121
DATA spaceLimit<>+24(SB)/8, $0x2121212121212121
GLOBL spaceLimit<>(SB), RODATA|NOPTR, $32

// func masksAVX2(b *byte, n int, targets uint32, hits, specials, newlines, quotes, high, colons, spaces *uint64)
// n is a multiple of 64; each mask array holds n/64 words.
// Bit j of word k is about byte 64k+j: one of the four bytes of targets
// (hits); '\\', '{' or '[' (specials);
// '\n' (newlines); '"' (quotes); a byte past ASCII (high); ':' (colons)
// and a byte up to ' ' (spaces), those two only when colons is not nil.
TEXT ·masksAVX2(SB), NOSPLIT, $0-80
	MOVQ b+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL targets+16(FP), AX
	MOVQ hits+24(FP), DI
	MOVQ specials+32(FP), R8
	MOVQ newlines+40(FP), R9
	MOVQ quotes+48(FP), R10
	MOVQ high+56(FP), R11
	MOVQ colons+64(FP), R12
	MOVQ spaces+72(FP), R13
	VMOVQ AX, X9
	VPBROADCASTB X9, Y9
	SHRL $8, AX
	VMOVQ AX, X10
	VPBROADCASTB X10, Y10
	SHRL $8, AX
	VMOVQ AX, X11
	VPBROADCASTB X11, Y11
	SHRL $8, AX
	VMOVQ AX, X12
	VPBROADCASTB X12, Y12
	MOVQ $0x5c, AX
	VMOVQ AX, X2
	VPBROADCASTB X2, Y2 // '\\'
	MOVQ $0x7b, AX
	VMOVQ AX, X3
	VPBROADCASTB X3, Y3 // '{'
	MOVQ $0x5b, AX
	VMOVQ AX, X4
	VPBROADCASTB X4, Y4 // '['
	MOVQ $0x0a, AX
	VMOVQ AX, X13
	VPBROADCASTB X13, Y13 // '\n'
	MOVQ $0x22, AX
	VMOVQ AX, X14
	VPBROADCASTB X14, Y14 // '"'
	MOVQ $0x3a, AX
	VMOVQ AX, X15
	VPBROADCASTB X15, Y15 // ':'

loop:
	CMPQ CX, $64
	JB   done
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1

	// hits
	VPCMPEQB Y0, Y9, Y5
	VPCMPEQB Y0, Y10, Y6
	VPCMPEQB Y0, Y11, Y7
	VPCMPEQB Y0, Y12, Y8
	VPOR Y5, Y6, Y5
	VPOR Y7, Y8, Y7
	VPOR Y5, Y7, Y5
	VPMOVMSKB Y5, AX
	VPCMPEQB Y1, Y9, Y5
	VPCMPEQB Y1, Y10, Y6
	VPCMPEQB Y1, Y11, Y7
	VPCMPEQB Y1, Y12, Y8
	VPOR Y5, Y6, Y5
	VPOR Y7, Y8, Y7
	VPOR Y5, Y7, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (DI)

	// specials
	VPCMPEQB Y0, Y2, Y5
	VPCMPEQB Y0, Y3, Y6
	VPCMPEQB Y0, Y4, Y7
	VPOR Y5, Y6, Y5
	VPOR Y5, Y7, Y5
	VPMOVMSKB Y5, AX
	VPCMPEQB Y1, Y2, Y5
	VPCMPEQB Y1, Y3, Y6
	VPCMPEQB Y1, Y4, Y7
	VPOR Y5, Y6, Y5
	VPOR Y5, Y7, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (R8)

	// newlines
	VPCMPEQB Y0, Y13, Y5
	VPMOVMSKB Y5, AX
	VPCMPEQB Y1, Y13, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (R9)

	// quotes
	VPCMPEQB Y0, Y14, Y5
	VPMOVMSKB Y5, AX
	VPCMPEQB Y1, Y14, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (R10)

	// high: the bytes' top bits as they are
	VPMOVMSKB Y0, AX
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (R11)

	TESTQ R12, R12
	JZ   next

	// spaces: below 0x21 as signed bytes, less the high ones (in AX)
	VMOVDQU spaceLimit<>(SB), Y6
	VPCMPGTB Y0, Y6, Y5
	VPMOVMSKB Y5, DX
	VPCMPGTB Y1, Y6, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, DX
	NOTQ AX
	ANDQ AX, DX
	MOVQ DX, (R13)

	// colons
	VPCMPEQB Y0, Y15, Y5
	VPMOVMSKB Y5, AX
	VPCMPEQB Y1, Y15, Y5
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, (R12)
	ADDQ $8, R12
	ADDQ $8, R13

next:
	ADDQ $64, SI
	ADDQ $8, DI
	ADDQ $8, R8
	ADDQ $8, R9
	ADDQ $8, R10
	ADDQ $8, R11
	SUBQ $64, CX
	JMP  loop

done:
	VZEROUPPER
	RET
