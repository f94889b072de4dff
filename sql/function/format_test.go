package function

import (
	"errors"
	"math"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB 1.5.6's answers to the same calls (its printf and format, the
// fmt library's); the errors are where DuckDB's is one too, or where we
// refuse a form whose answer we did not check (marked "we refuse").
func TestFormat(t *testing.T) {
	check(t, []vector{
		{fn: "PRINTF", args: A(S("%d|%5d|%-5d|%05d|%+d|% d|%i"), I(42), I(42), I(42), I(42), I(42), I(42), I(42)), want: S("42|   42|42   |00042|+42| 42|42")},
		{fn: "PRINTF", args: A(S("%s|%10s|%-10s|%.2s"), S("abc"), S("abc"), S("abc"), S("abc")), want: S("abc|       abc|abc       |ab")},
		{fn: "PRINTF", args: A(S("%f|%.2f|%10.3f|%-10.1f"), F(3.14159), F(3.14159), F(3.14159), F(3.14159)), want: S("3.141590|3.14|     3.142|3.1       ")},
		{fn: "PRINTF", args: A(S("%e|%.3e|%g|%G|%E"), F(31415.9), F(31415.9), F(0.0001234), F(1e20), F(12345.678)), want: S("3.141590e+04|3.142e+04|0.0001234|1E+20|1.234568E+04")},
		{fn: "PRINTF", args: A(S("%x|%X|%o|%#x|%#o|%c|%%"), I(255), I(255), I(8), I(255), I(8), I(65)), want: S("ff|FF|10|0xff|010|A|%")},
		{fn: "PRINTF", args: A(S("[%.0f|%.0f|%.0f|%.1f|%.2f]"), F(0.5), F(1.5), F(2.5), F(0.05), F(1.005)), want: S("[0|2|2|0.1|1.00]")},
		{fn: "PRINTF", args: A(S("[%f|%e|%g|%F|%E|%G]"), F(inf), F(inf), F(-inf), F(inf), F(nan), F(nan)), want: S("[inf|inf|-inf|INF|NAN|NAN]")},
		{fn: "PRINTF", args: A(S("[%g|%g|%g|%g|%g|%g]"), F(100000), F(1000000), F(0.0001), F(0.00001), F(123456789), F(0)), want: S("[100000|1e+06|0.0001|1e-05|1.23457e+08|0]")},
		{fn: "PRINTF", args: A(S("[%#g|%#.3g|%.3g|%#f|%#.0f|%#e]"), F(1), F(1), F(1234.5), F(1), F(1), F(1)), want: S("[1.00000|1.00|1.23e+03|1.000000|1.|1.000000e+00]")},
		{fn: "PRINTF", args: A(S("[%+f|% f|%010.2f|%-10.2f|%+010.2f]"), F(1.5), F(1.5), F(-1.5), F(-1.5), F(1.5)), want: S("[+1.500000| 1.500000|-000001.50|-1.50     |+000001.50]")},
		{fn: "PRINTF", args: A(S("[%u|%ld|%lld|%hd|%zd]"), I(42), I(42), I(42), I(42), I(42)), want: S("[42|42|42|42|42]")},
		{fn: "PRINTF", args: A(S("[%.2s|%.1s|%5s|%-5s]"), S("héllo"), S("éa"), S("é"), S("ü")), want: S("[hé|é|    é|ü    ]")},
		{fn: "PRINTF", args: A(S("[%+d|% d|%+x|%.3d|%.0d]"), I(-42), I(-42), I(255), I(-5), I(0)), want: S("[-42|-42|+ff|-005|0]")},
		{fn: "PRINTF", args: A(S("[%.3x|%#.3o|%#o|%#x|%10.4d]"), I(10), I(8), I(0), I(0), I(42)), want: S("[00a|010|0|0|      0042]")},
		{fn: "PRINTF", args: A(S("[%s|%s|%d|%d|%.3s|%10s]"), B(true), B(false), B(true), B(false), B(true), B(true)), want: S("[true|false|1|0|tru|      true]")},
		{fn: "PRINTF", args: A(S("[%s|%s|%s]"), D("2020-01-02"), TS("2020-01-02 03:04:05.5"), iv(0, 3, 0)), want: S("[2020-01-02|2020-01-02 03:04:05.5|3 days]")},
		{fn: "PRINTF", args: A(S("[%d|%d]"), I(-9223372036854775808), huge("42000000000000000000000")), want: S("[-9223372036854775808|42000000000000000000000]")},
		{fn: "PRINTF", args: A(S("[%.20f|%e]"), F(0.1), F(negZero)), want: S("[0.10000000000000000555|-0.000000e+00]")},
		{fn: "PRINTF", args: A(S("[%05s|%5c]"), S("ab"), I(65)), want: S("[   ab|    A]")},
		{fn: "PRINTF", args: A(S("abc"), I(1)), want: S("abc")}, // extra arguments are ignored
		{fn: "PRINTF", args: A(S("%d"), N), want: N},
		{fn: "PRINTF", args: A(N, I(1)), want: N},
		{fn: "PRINTF", args: A(S("%d"), F(1.5)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%d"), S("12")), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%d"), D("2020-01-02")), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%s"), I(42)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%s"), F(1.5)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%f"), B(true)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%d %d"), I(1)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("abc%")), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%q"), I(1)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("[%10.3]"), I(1)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%c"), I(200)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%x"), I(-1)), err: ErrArgs},    // we refuse: DuckDB's width is its type's
		{fn: "PRINTF", args: A(S("%-05d"), I(1)), err: ErrArgs},  // we refuse: fmt gives 00001
		{fn: "PRINTF", args: A(S("%05f"), F(inf)), err: ErrArgs}, // we refuse: fmt gives inf00
		{fn: "PRINTF", args: A(S("%*d"), I(5), I(1)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%a"), F(1)), err: ErrArgs},
		{fn: "PRINTF", args: A(S("%s"), J(`{"a":1}`)), err: ErrArgs},

		{fn: "FORMAT", args: A(S("[{}|{}|{}|{}|{}]"), I(42), F(1.5), F(2), S("abc"), B(true)), want: S("[42|1.5|2.0|abc|true]")},
		{fn: "FORMAT", args: A(S("[{}|{}|{}|{}]"), F(1e20), F(1e16), F(1e15), F(point1+0.2)), want: S("[1e+20|1e+16|1000000000000000.0|0.30000000000000004]")},
		{fn: "FORMAT", args: A(S("[{}|{}|{}|{}|{}]"), F(1e-5), F(0.0001), F(inf), F(nan), F(negZero)), want: S("[1e-05|0.0001|inf|nan|-0.0]")},
		{fn: "FORMAT", args: A(S("[{:.2f}|{:>10}|{:<5}|{:^7}|{:05d}|{:x}|{:,}]"), F(3.14159), S("r"), S("l"), S("c"), I(42), I(255), I(1234567)), want: S("[3.14|         r|l    |   c   |00042|ff|1,234,567]")},
		{fn: "FORMAT", args: A(S("[{:,}|{:,}|{:,.2f}|{:,f}|{:,}]"), F(1234567), I(-1234567), F(1234.5), F(1234567.5), F(1e20)), want: S("[1,234,567.0|-1,234,567|1,234.50|1,234,567.500000|1e+20]")},
		{fn: "FORMAT", args: A(S("{{}} {{{}}}"), I(1)), want: S("{} {1}")},
		{fn: "FORMAT", args: A(S("[{0}{1}{0}]"), S("a"), S("b")), want: S("[aba]")},
		{fn: "FORMAT", args: A(S("[{:*^9}|{:>+6}|{:+}|{: }|{:#x}|{:#b}|{:b}|{:o}|{:X}]"), S("x"), I(5), I(5), I(5), I(255), I(5), I(5), I(8), I(255)), want: S("[****x****|    +5|+5| 5|0xff|0b101|101|10|FF]")},
		{fn: "FORMAT", args: A(S("[{:x}|{:+x}|{:08x}|{:+08d}|{:<08d}|{:^+8d}]"), I(-255), I(255), I(-255), I(-42), I(42), I(42)), want: S("[-ff|+ff|-00000ff|-0000042|00000042|  +42   ]")},
		{fn: "FORMAT", args: A(S("[{:e}|{:.2e}|{:E}|{:F}|{:.0f}|{:.0f}|{:10.2f}|{:<10.2f}|{:+.1f}|{:010.2f}]"), F(1.5), F(12345.678), F(1.5), F(inf), F(0.5), F(2.5), F(-3.14159), F(3.14159), F(3.14159), F(-3.14159)),
			want: S("[1.500000e+00|1.23e+04|1.500000E+00|INF|0|2|     -3.14|3.14      |+3.1|-000003.14]")},
		{fn: "FORMAT", args: A(S("[{:5d}|{:<5}|{:>5}|{:^5}|{:05}|{:10}|{:10}]"), I(42), F(1.5), S("a"), B(true), F(1.5), I(42), B(true)), want: S("[   42|1.5  |    a|true |001.5|        42|true      ]")},
		{fn: "FORMAT", args: A(S("[{:#x}|{:#o}|{:#b}|{:#X}]"), I(0), I(8), I(0), I(255)), want: S("[0x0|010|0b0|0XFF]")},
		{fn: "FORMAT", args: A(S("[{:5}|{:.1}|{:5.2}]"), S("é"), S("éa"), S("héllo")), want: S("[é    |é|hé   ]")},
		{fn: "FORMAT", args: A(S("[{}|{:>12}|{:s}|{}]"), D("2020-01-02"), D("2020-01-02"), D("2020-01-02"), iv(0, 1, 0)), want: S("[2020-01-02|  2020-01-02|2020-01-02|1 day]")},
		{fn: "FORMAT", args: A(S("[{:d}|{:x}]"), B(true), B(true)), want: S("[1|1]")},
		{fn: "FORMAT", args: A(S("[{:x}|{:d}]"), huge("170141183460469231731687303715884105727"), huge("-170141183460469231731687303715884105727")), want: S("[7fffffffffffffffffffffffffffffff|-170141183460469231731687303715884105727]")},
		{fn: "FORMAT", args: A(S("x"), I(1)), want: S("x")},
		{fn: "FORMAT", args: A(S("{}"), N), want: N},
		{fn: "FORMAT", args: A(N), want: N},
		{fn: "FORMAT", args: A(S("[{1}|{}]"), S("a"), S("b")), err: ErrArgs},
		{fn: "FORMAT", args: A(S("[{}|{0}]"), S("a"), S("b")), err: ErrArgs},
		{fn: "FORMAT", args: A(S("[{}]")), err: ErrArgs},
		{fn: "FORMAT", args: A(S("[{]"), I(1)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("[}]"), I(1)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:d}"), F(1.5)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:d}"), S("a")), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:s}"), I(42)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:s}"), B(true)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:.2}"), I(42)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{:.3}"), F(3.14159)), err: ErrArgs}, // we refuse: fmt's 3.14, but 2.5 for {:.0}
		{fn: "FORMAT", args: A(S("{:g}"), F(1.5)), err: ErrArgs},      // we refuse
		{fn: "FORMAT", args: A(S("{:08}"), F(inf)), err: ErrArgs},     // we refuse: fmt gives inf00000
		{fn: "FORMAT", args: A(S("{:{}}"), S("a"), I(5)), err: ErrArgs},
		{fn: "FORMAT", args: A(S("{name}"), S("a")), err: ErrArgs},
	})
}

// An integer constant is an integer to DuckDB, and %f of it an error; a
// row's integer may be a DOUBLE column's whole number, which %f takes.
func TestFormatIntAsDouble(t *testing.T) {
	for _, fn := range []string{"PRINTF", "FORMAT"} {
		f := map[string]string{"PRINTF": "%.2f", "FORMAT": "{:.2f}"}[fn]
		if _, err := call(fn, A(S(f), I(3)), true); !errors.Is(err, ErrArgs) {
			t.Errorf("%s(%q, 3) of a constant: %v, want an error", fn, f, err)
		}
		if got, err := call(fn, A(S(f), I(3)), false); err != nil || got.S != "3.00" {
			t.Errorf("%s(%q, 3) of a row's value: %v, %v, want 3.00", fn, f, got, err)
		}
	}
}

var inf, nan = math.Inf(1), math.NaN()

func iv(months, days, micros int64) types.Value { return types.IntervalValue(months, days, micros) }

// Go's constants are exact: -0.0 is 0, 0.1+0.2 is 0.3.
var negZero, point1 = math.Copysign(0, -1), 0.1
