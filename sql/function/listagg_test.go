package function

import (
	"testing"
)

// TestListPlaces: DuckDB's answers (1.5.6) to LIST_GRADE_UP, LIST_WHERE,
// LIST_SELECT, LIST_RESIZE and DAYS_IN_MONTH.
func TestListPlaces(t *testing.T) {
	check(t, []vector{
		{fn: "LIST_GRADE_UP", args: A(J("[30,10,20]")), want: J("[2,3,1]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,null,1]")), want: J("[3,1,2]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,null,1]"), S("DESC")), want: J("[1,3,2]")},
		{fn: "LIST_GRADE_UP", args: A(J("[3,1,2]"), S("ASC"), S("NULLS FIRST")), want: J("[2,3,1]")},
		{fn: "GRADE_UP", args: A(J(`["b","a","b"]`)), want: J("[2,1,3]")},
		{fn: "LIST_GRADE_UP", args: A(J("[1]"), S("UP")), err: ErrArgs},
		{fn: "LIST_WHERE", args: A(J("[10,20,30]"), J("[true,false,true]")), want: J("[10,30]")},
		{fn: "LIST_WHERE", args: A(J("[1,2]"), J("[true]")), want: J("[1]")},
		{fn: "ARRAY_WHERE", args: A(J("[1]"), J("[true,true]")), want: J("[1,null]")},
		{fn: "LIST_WHERE", args: A(J("[1,2,3]"), J("[true,null,true]")), err: ErrArgs},
		{fn: "LIST_SELECT", args: A(J("[10,20,30]"), J("[3,1,5]")), want: J("[30,10,null]")},
		{fn: "ARRAY_SELECT", args: A(J("[1,2]"), J("[0,-1]")), want: J("[null,null]")},
		{fn: "LIST_SELECT", args: A(J("[1,2]"), J("[null]")), err: ErrArgs},
		{fn: "LIST_RESIZE", args: A(J("[1,2]"), I(4)), want: J("[1,2,null,null]")},
		{fn: "LIST_RESIZE", args: A(J("[1,2]"), I(4), I(0)), want: J("[1,2,0,0]")},
		{fn: "ARRAY_RESIZE", args: A(J("[1,2,3]"), I(1)), want: J("[1]")},
		{fn: "LIST_RESIZE", args: A(J("[1]"), I(0)), want: J("[]")},
		{fn: "LIST_RESIZE", args: A(N, I(2)), want: N},
		{fn: "LIST_RESIZE", args: A(J("[1]"), I(-1)), err: ErrArgs},
		{fn: "DAYS_IN_MONTH", args: A(D("2024-02-10")), want: I(29)},
		{fn: "DAYS_IN_MONTH", args: A(TS("2023-12-31 23:00:00")), want: I(31)},
	})
}

// TestUnicodeNormal: DuckDB's answers (1.5.6) to STRIP_ACCENTS and
// NFC_NORMALIZE.
func TestUnicodeNormal(t *testing.T) {
	check(t, []vector{
		{fn: "STRIP_ACCENTS", args: A(S("héllo Ça ñ ø ß Ǆ ﬁ Å ᾅ")), want: S("hello Ca n ø ß Ǆ ﬁ A α")},
		{fn: "STRIP_ACCENTS", args: A(S("한국어")), want: S("한국어")},
		{fn: "STRIP_ACCENTS", args: A(S("\u0301x")), want: S("x")},
		{fn: "STRIP_ACCENTS", args: A(S("plain")), want: S("plain")},
		{fn: "NFC_NORMALIZE", args: A(S("e\u0301")), want: S("é")},
		{fn: "NFC_NORMALIZE", args: A(N), want: N},
	})
}
