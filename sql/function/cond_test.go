package function

import (
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// The expectations are DuckDB 1.5.6's answers (duckq); NVL, which DuckDB
// lacks, answers as IFNULL.
func TestConditional(t *testing.T) {
	check(t, []vector{
		{fn: "COALESCE", args: A(N, I(1), I(2)), want: I(1)},
		{fn: "COALESCE", args: A(N, N), want: N},
		{fn: "COALESCE", args: A(S("")), want: S("")},
		{fn: "COALESCE", args: A(), err: ErrArgs},
		{fn: "IFNULL", args: A(N, S("x")), want: S("x")},
		{fn: "IFNULL", args: A(S("서울"), S("x")), want: S("서울")},
		{fn: "IFNULL", args: A(N), err: ErrArgs},
		{fn: "NVL", args: A(N, I(3)), want: I(3)},
		{fn: "NULLIF", args: A(I(1), I(1)), want: N},
		{fn: "NULLIF", args: A(I(1), I(2)), want: I(1)},
		{fn: "NULLIF", args: A(N, I(1)), want: N},
		{fn: "NULLIF", args: A(I(1), N), want: I(1)},
		{fn: "NULLIF", args: A(I(1), S("1")), want: N},
		{fn: "NULLIF", args: A(S("a"), S("A")), want: S("a")},
		{fn: "NULLIF", args: A(I(1), F(1)), want: N},
		{fn: "NULLIF", args: A(S(""), S("")), want: N},
		{fn: "IF", args: A(B(true), S("a"), S("b")), want: S("a")},
		{fn: "IF", args: A(N, S("a"), S("b")), want: S("b")},
		{fn: "IF", args: A(I(0), S("a"), S("b")), want: S("b")},
		{fn: "IF", args: A(I(2), S("a"), S("b")), want: S("a")},
		{fn: "IF", args: A(F(0.5), I(1), I(2)), want: I(1)},
		{fn: "IF", args: A(S("true"), I(1), I(2)), want: I(1)},
		{fn: "IF", args: A(S("x"), I(1), I(2)), err: types.ErrConvert},
		{fn: "IF", args: A(B(false), N, I(2)), want: I(2)},
		{fn: "IF", args: A(B(true), N, I(2)), want: N},
		{fn: "TYPEOF", args: A(I(1)), want: S("BIGINT")},
		{fn: "TYPEOF", args: A(S("a")), want: S("VARCHAR")},
		{fn: "TYPEOF", args: A(N), want: S("NULL")},
		{fn: "TYPEOF", args: A(F(1.5)), want: S("DOUBLE")},
		{fn: "TYPEOF", args: A(D("2020-01-01")), want: S("DATE")},
	})
}
