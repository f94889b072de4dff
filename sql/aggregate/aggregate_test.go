package aggregate_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// Short constructors for the tables.
var (
	null = types.Value{}
	i    = types.IntValue
	f    = types.FloatValue
	s    = types.StringValue
	b    = types.BoolValue
)

func huge(digits string) types.Value { return types.Value{K: types.Huge, S: digits} }

// one wraps single-argument rows.
func one(vs ...types.Value) [][]types.Value {
	out := make([][]types.Value, len(vs))
	for k, v := range vs {
		out[k] = []types.Value{v}
	}
	return out
}

func sep(s string) *string { return &s }

var argNullRows = [][]types.Value{{s("x"), i(1)}, {null, i(5)}, {s("y"), null}, {s("z"), i(0)}}

// aggCase is one aggregate call fed rows. fn, when set, makes the Func
// (SumPlus); else Lookup(name, nargs, distinct, sep) does.
type aggCase struct {
	name     string
	nargs    int
	distinct bool
	sep      *string
	fn       func() *aggregate.Func
	rows     [][]types.Value
	want     types.Value
	tol      float64 // relative tolerance for a DOUBLE result (0: exact)
	addErr   string  // an Add must fail with an error containing this
}

const maxInt = math.MaxInt64
const minInt = math.MinInt64

// oneToTen is the integers 1 to 10.
func oneToTen() []types.Value {
	out := make([]types.Value, 10)
	for k := range out {
		out[k] = types.IntValue(int64(k + 1))
	}
	return out
}

// withP makes rows of two arguments: a value of xs with p each
// (QUANTILE's fraction).
func withP(p types.Value, xs ...types.Value) [][]types.Value {
	out := make([][]types.Value, len(xs))
	for k, x := range xs {
		out[k] = []types.Value{x, p}
	}
	return out
}

var aggCases = map[string]aggCase{
	// QUANTILE_CONT, QUANTILE_DISC (QUANTILE), MODE, CORR, COVAR_POP,
	// COVAR_SAMP, PRODUCT: DuckDB 1.5's answers over the same VALUES.
	"quantile_disc":     {name: "QUANTILE_DISC", nargs: 2, rows: withP(f(0.6), i(4), i(2), null, i(1), i(3)), want: i(3)},
	"quantile_disc 0.4": {name: "QUANTILE_DISC", nargs: 2, rows: withP(f(0.4), i(4), i(2), i(1), i(3)), want: i(2)},
	// A list of fractions: the list of their quantiles (DuckDB 1.5.6, over
	// 1 to 10).
	"quantile_disc list":   {name: "QUANTILE_DISC", nargs: 2, rows: withP(types.JSONValue("[0.1, 0.9]"), oneToTen()...), want: types.JSONValue("[1,9]")},
	"quantile_cont list":   {name: "QUANTILE_CONT", nargs: 2, rows: withP(types.JSONValue("[0.25,0.5]"), oneToTen()...), want: types.JSONValue("[3.25,5.5]")},
	"quantile list none":   {name: "QUANTILE", nargs: 2, rows: withP(types.JSONValue("[0.5]"), null), want: null},
	"quantile_disc 0":      {name: "QUANTILE_DISC", nargs: 2, rows: withP(i(0), i(4), i(2), i(1), i(3)), want: i(1)},
	"quantile_disc 1":      {name: "QUANTILE_DISC", nargs: 2, rows: withP(i(1), i(4), i(2), i(1), i(3)), want: i(4)},
	"quantile_disc of 7":   {name: "QUANTILE", nargs: 2, rows: withP(f(0.3), i(7), i(6), i(5), i(4), i(3), i(2), i(1)), want: i(3)},
	"quantile_disc text":   {name: "QUANTILE_DISC", nargs: 2, rows: withP(f(0.5), s("d"), s("a"), s("c"), s("b")), want: s("b")},
	"quantile_cont":        {name: "QUANTILE_CONT", nargs: 2, rows: withP(f(0.6), i(4), null, i(2), i(1), i(3)), want: f(2.8), tol: 1e-14},
	"quantile_cont floats": {name: "QUANTILE_CONT", nargs: 2, rows: withP(f(0.5), f(10), f(1.5), f(2.5)), want: f(2.5)},
	"quantile no rows":     {name: "QUANTILE_CONT", nargs: 2, rows: withP(f(0.5), null), want: null},
	"mode":                 {name: "MODE", nargs: 1, rows: one(i(3), i(1), null, i(1), i(3), i(2)), want: i(3)},
	"mode text":            {name: "MODE", nargs: 1, rows: one(s("b"), null, s("a"), s("a"), null, null), want: s("a")},
	"mode none":            {name: "MODE", nargs: 1, rows: one(null, null), want: null},
	"corr":                 {name: "CORR", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(4), i(2)}, {f(7), i(3)}, {null, i(4)}}, want: f(0.9933992677987827), tol: 1e-14},
	"covar_pop":            {name: "COVAR_POP", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(4), i(2)}, {f(7), i(3)}, {null, i(4)}}, want: f(1.6666666666666667), tol: 1e-14},
	"covar_samp":           {name: "COVAR_SAMP", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(4), i(2)}, {f(7), i(3)}, {i(5), null}}, want: f(2.5), tol: 1e-14},
	"corr of one":          {name: "CORR", nargs: 2, rows: [][]types.Value{{i(2), i(1)}}, want: f(math.NaN())},
	"corr flat":            {name: "CORR", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(3), i(1)}}, want: f(math.NaN())},
	"covar_samp of one":    {name: "COVAR_SAMP", nargs: 2, rows: [][]types.Value{{i(2), i(1)}}, want: null},
	"corr none":            {name: "CORR", nargs: 2, rows: [][]types.Value{{null, i(1)}}, want: null},
	// The REGR_ family over y = 2, 4, 7 and x = 1, 2, 3 (and a row of
	// NULL): n 3, x̄ 2, ȳ 13/3, Sxx 2, Syy 38/3, Sxy 5, so slope 5/2,
	// intercept 13/3 - 5 and R² 25 / (2 · 38/3) = 75/76 (CORR² above).
	"regr_count":          {name: "REGR_COUNT", nargs: 2, rows: regrRows, want: i(3)},
	"regr_count none":     {name: "REGR_COUNT", nargs: 2, rows: [][]types.Value{{null, i(1)}}, want: i(0)},
	"regr_avgx":           {name: "REGR_AVGX", nargs: 2, rows: regrRows, want: f(2), tol: 1e-14},
	"regr_avgy":           {name: "REGR_AVGY", nargs: 2, rows: regrRows, want: f(13.0 / 3), tol: 1e-14},
	"regr_avgx none":      {name: "REGR_AVGX", nargs: 2, rows: [][]types.Value{{i(1), null}}, want: null},
	"regr_sxx":            {name: "REGR_SXX", nargs: 2, rows: regrRows, want: f(2), tol: 1e-14},
	"regr_syy":            {name: "REGR_SYY", nargs: 2, rows: regrRows, want: f(38.0 / 3), tol: 1e-14},
	"regr_sxy":            {name: "REGR_SXY", nargs: 2, rows: regrRows, want: f(5), tol: 1e-14},
	"regr_slope":          {name: "REGR_SLOPE", nargs: 2, rows: regrRows, want: f(2.5), tol: 1e-14},
	"regr_intercept":      {name: "REGR_INTERCEPT", nargs: 2, rows: regrRows, want: f(13.0/3 - 5), tol: 1e-13},
	"regr_r2":             {name: "REGR_R2", nargs: 2, rows: regrRows, want: f(75.0 / 76), tol: 1e-14},
	"regr_slope flat x":   {name: "REGR_SLOPE", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(3), i(1)}}, want: f(math.NaN())},
	"regr_intercept flat": {name: "REGR_INTERCEPT", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(3), i(1)}}, want: null},
	"regr_r2 flat x":      {name: "REGR_R2", nargs: 2, rows: [][]types.Value{{i(2), i(1)}, {i(3), i(1)}}, want: null},
	"regr_r2 flat y":      {name: "REGR_R2", nargs: 2, rows: [][]types.Value{{i(5), i(1)}, {i(5), i(2)}}, want: f(1)},
	"regr_slope none":     {name: "REGR_SLOPE", nargs: 2, want: null},
	// SKEWNESS and KURTOSIS of 1, 2, 3, 10: the adjusted Fisher-Pearson
	// G1 and the bias-corrected excess G2 from the central moments (by
	// hand: 1.7636…, 3.228), KURTOSIS_POP the plain excess m4/m2² - 3.
	"skewness":         {name: "SKEWNESS", nargs: 1, rows: one(i(1), null, i(2), i(3), i(10)), want: f(1.763632614803888), tol: 1e-12},
	"skewness of two":  {name: "SKEWNESS", nargs: 1, rows: one(i(1), i(2)), want: null},
	"skewness flat":    {name: "SKEWNESS", nargs: 1, rows: one(i(4), i(4), i(4)), want: f(math.NaN())},
	"skewness even":    {name: "SKEWNESS", nargs: 1, rows: one(i(1), i(2), i(3)), want: f(0)},
	"kurtosis":         {name: "KURTOSIS", nargs: 1, rows: one(i(1), i(2), i(3), i(10)), want: f(3.228), tol: 1e-12},
	"kurtosis of 3":    {name: "KURTOSIS", nargs: 1, rows: one(i(1), i(2), i(3)), want: null},
	"kurtosis flat":    {name: "KURTOSIS", nargs: 1, rows: one(f(2), f(2), f(2), f(2)), want: null},
	"kurtosis_pop":     {name: "KURTOSIS_POP", nargs: 1, rows: one(i(1), i(2), i(3), i(10)), want: f(-0.7696), tol: 1e-12},
	"kurtosis too big": {name: "KURTOSIS", nargs: 1, rows: one(f(1e100)), addErr: "KURTOSIS is out of range"},
	// ENTROPY: a, a, b of three rows, -(⅔·log2 ⅔ + ⅓·log2 ⅓); 0 of none.
	"entropy":      {name: "ENTROPY", nargs: 1, rows: one(s("a"), null, s("a"), s("b")), want: f(0.9182958340544896), tol: 1e-14},
	"entropy none": {name: "ENTROPY", nargs: 1, rows: one(null), want: f(0)},
	"entropy one":  {name: "ENTROPY", nargs: 1, rows: one(i(7), i(7)), want: f(0)},
	// FSUM: ten 0.1s are 1 exactly (a plain sum of doubles is 0.9999…).
	"fsum":      {name: "FSUM", nargs: 1, rows: one(f(0.1), f(0.1), f(0.1), f(0.1), f(0.1), null, f(0.1), f(0.1), f(0.1), f(0.1), f(0.1)), want: f(1)},
	"fsum none": {name: "KAHAN_SUM", nargs: 1, rows: one(null), want: null},
	"fsum ints": {name: "SUMKAHAN", nargs: 1, rows: one(i(1), i(2)), want: f(3)},
	// FAVG: ten 0.1s average 0.1 (AVG's plain sum gives 0.09999…).
	"favg":      {name: "FAVG", nargs: 1, rows: one(f(0.1), f(0.1), f(0.1), f(0.1), f(0.1), null, f(0.1), f(0.1), f(0.1), f(0.1), f(0.1)), want: f(0.1)},
	"favg none": {name: "FAVG", nargs: 1, rows: one(null), want: null},
	"favg ints": {name: "FAVG", nargs: 1, rows: one(i(1), i(2), i(3), i(10)), want: f(4)},
	// MAD of 1, 2, 3, 10: the median 2.5, the distances 1.5, 0.5, 0.5,
	// 7.5, their median 1 (DuckDB's); of 1.5, 2, 9 (NULL skipped): 0.5.
	"mad":      {name: "MAD", nargs: 1, rows: one(i(1), i(2), i(3), i(10)), want: f(1)},
	"mad odd":  {name: "MAD", nargs: 1, rows: one(f(1.5), f(2), null, f(9)), want: f(0.5)},
	"mad none": {name: "MAD", nargs: 1, rows: one(null), want: null},
	"mad one":  {name: "MAD", nargs: 1, rows: one(i(-7)), want: f(0)},
	// BIT_AND, BIT_OR, BIT_XOR of 12 (1100) and 10 (1010).
	"bit_and":       {name: "BIT_AND", nargs: 1, rows: one(i(12), null, i(10)), want: i(8)},
	"bit_or":        {name: "BIT_OR", nargs: 1, rows: one(i(12), null, i(10)), want: i(14)},
	"bit_xor":       {name: "BIT_XOR", nargs: 1, rows: one(i(12), i(10), null), want: i(6)},
	"bit_xor neg":   {name: "BIT_XOR", nargs: 1, rows: one(i(-1), i(5)), want: i(-6)},
	"bit_and none":  {name: "BIT_AND", nargs: 1, rows: one(null), want: null},
	"bit_or double": {name: "BIT_OR", nargs: 1, rows: one(i(1), f(1.5)), addErr: "BIT_OR takes integers"},
	"product":       {name: "PRODUCT", nargs: 1, rows: one(i(2), i(3), null, f(4)), want: f(24)},
	"product none":  {name: "PRODUCT", nargs: 1, rows: one(null), want: null},
	// ARG_MAX and ARG_MIN (DuckDB's): rows with a NULL arg or val skipped,
	// the first of tying rows kept.
	// MAX(x, n), MIN(x, n), ARG_MAX(arg, val, n): DuckDB 1.5.6's answers.
	"max_n":          {name: "MAX_N", nargs: 2, rows: withP(i(2), i(1), null, i(3), i(2), i(5), i(4)), want: types.JSONValue(`[5,4]`)},
	"min_n of fewer": {name: "MIN_N", nargs: 2, rows: withP(i(10), i(3), null, i(1), i(2)), want: types.JSONValue(`[1,2,3]`)},
	"max_n text":     {name: "MAX_N", nargs: 2, rows: withP(i(2), s("p"), s("r"), null, s("q")), want: types.JSONValue(`["r","q"]`)},
	"max_n no rows":  {name: "MAX_N", nargs: 2, rows: withP(i(2), null), want: null},
	"arg_max_n": {name: "ARG_MAX_N", nargs: 3, rows: [][]types.Value{{s("a"), i(1), i(2)}, {s("b"), null, i(2)}, {null, i(3), i(2)}, {s("c"), i(2), i(2)}},
		want: types.JSONValue(`["c","a"]`)},
	"arg_min_n": {name: "ARG_MIN_N", nargs: 3, rows: [][]types.Value{{s("q"), i(5), i(2)}, {null, i(7), i(2)}, {s("r"), i(6), i(2)}, {s("t"), i(9), i(2)}},
		want: types.JSONValue(`["q","r"]`)},
	"arg_max":        {name: "ARG_MAX", nargs: 2, rows: [][]types.Value{{s("a"), i(1)}, {s("b"), i(3)}, {null, i(9)}, {s("c"), null}, {s("d"), i(3)}}, want: s("b")},
	"arg_min":        {name: "ARG_MIN", nargs: 2, rows: [][]types.Value{{s("a"), i(1)}, {s("b"), i(3)}, {null, i(0)}, {s("e"), i(1)}}, want: s("a")},
	"max_by no rows": {name: "MAX_BY", nargs: 2, rows: [][]types.Value{{null, i(1)}}, want: null},
	// ARG_MAX_NULL keeps a NULL arg, ARG_MAX_NULLS_LAST a NULL val too,
	// after the others: DuckDB 1.5.6's answers over ('x', 1), (NULL, 5),
	// ('y', NULL), ('z', 0), and over vals all NULL.
	"arg_max_null":             {name: "ARG_MAX_NULL", nargs: 2, rows: argNullRows, want: null},
	"arg_min_null":             {name: "ARG_MIN_NULL", nargs: 2, rows: argNullRows, want: s("z")},
	"arg_max_nulls_last":       {name: "ARG_MAX_NULLS_LAST", nargs: 2, rows: argNullRows, want: null},
	"arg_min_nulls_last":       {name: "ARG_MIN_NULLS_LAST", nargs: 2, rows: argNullRows, want: s("z")},
	"arg_max_nulls_last nulls": {name: "ARG_MAX_NULLS_LAST", nargs: 2, rows: [][]types.Value{{s("x"), null}, {s("y"), null}}, want: s("x")},
	"arg_max_null nulls":       {name: "ARG_MAX_NULL", nargs: 2, rows: [][]types.Value{{s("x"), null}, {s("y"), null}}, want: null},
	"arg_max_nulls_last late":  {name: "ARG_MAX_NULLS_LAST", nargs: 2, rows: [][]types.Value{{s("x"), null}, {s("y"), i(-4)}}, want: s("y")},
	"min_by mixed kind":        {name: "MIN_BY", nargs: 2, rows: [][]types.Value{{i(7), s("x")}, {i(8), i(100)}}, want: i(8)},
	// COUNT
	"count star":                {name: "COUNT", rows: [][]types.Value{{}, {}, {}}, want: i(3)},
	"count star no rows":        {name: "COUNT", want: i(0)},
	"count x skips null":        {name: "COUNT", nargs: 1, rows: one(i(1), null, s("a"), null, f(2)), want: i(3)},
	"count x only nulls":        {name: "COUNT", nargs: 1, rows: one(null, null), want: i(0)},
	"count distinct x":          {name: "COUNT", nargs: 1, distinct: true, rows: one(i(1), f(1), s("1"), null, i(2), i(1)), want: i(3)},
	"count distinct a, b":       {name: "COUNT", nargs: 2, distinct: true, rows: [][]types.Value{{i(1), s("x")}, {i(1), s("x")}, {i(1), null}, {null, s("x")}, {i(2), s("x")}, {f(1), s("x")}, {i(1), s("y")}}, want: i(3)},
	"count distinct a, b nulls": {name: "COUNT", nargs: 2, distinct: true, rows: [][]types.Value{{null, null}, {i(1), null}}, want: i(0)},

	// SUM
	"sum ints":                  {name: "SUM", nargs: 1, rows: one(i(1), i(2), i(3), i(-10)), want: i(-4)},
	"sum skips null":            {name: "SUM", nargs: 1, rows: one(null, i(5), null, i(7)), want: i(12)},
	"sum no rows":               {name: "SUM", nargs: 1, want: null},
	"sum only nulls":            {name: "SUM", nargs: 1, rows: one(null, null), want: null},
	"sum widens and back":       {name: "SUM", nargs: 1, rows: one(i(maxInt), i(1), i(-2)), want: i(maxInt - 1)},
	"sum widens to hugeint":     {name: "SUM", nargs: 1, rows: one(i(maxInt), i(maxInt)), want: huge("18446744073709551614")},
	"sum widens below":          {name: "SUM", nargs: 1, rows: one(i(minInt), i(-1)), want: huge("-9223372036854775809")},
	"sum widens below and back": {name: "SUM", nargs: 1, rows: one(i(minInt), i(-1), i(1), i(5)), want: i(minInt + 5)},
	"sum of a hugeint":          {name: "SUM", nargs: 1, rows: one(huge("100000000000000000000"), i(1)), want: huge("100000000000000000001")},
	"sum many big":              {name: "SUM", nargs: 1, rows: one(i(maxInt), i(maxInt), i(maxInt), i(minInt), i(minInt), i(minInt)), want: i(-3)},
	"sum mixed int float":       {name: "SUM", nargs: 1, rows: one(i(1), f(2.5), i(3)), want: f(6.5)},
	"sum float first":           {name: "SUM", nargs: 1, rows: one(f(0.5), i(1), i(2)), want: f(3.5)},
	"sum skips text":            {name: "SUM", nargs: 1, rows: one(i(1), s("60"), i(2), types.JSONValue(`{"a":1}`)), want: i(3)},
	"sum only text":             {name: "SUM", nargs: 1, rows: one(s("1"), s("2")), want: null},
	"sum booleans":              {name: "SUM", nargs: 1, rows: one(b(true), b(false), b(true), i(10)), want: i(12)},
	"sum distinct":              {name: "SUM", nargs: 1, distinct: true, rows: one(i(1), i(1), i(2), null, f(2)), want: i(3)},

	// AVG
	"avg ints":         {name: "AVG", nargs: 1, rows: one(i(1), i(2)), want: f(1.5)},
	"avg skips text":   {name: "AVG", nargs: 1, rows: one(i(1), s("x"), i(2), null), want: f(1.5)},
	"avg no rows":      {name: "AVG", nargs: 1, want: null},
	"avg only nulls":   {name: "AVG", nargs: 1, rows: one(null), want: null},
	"avg mixed":        {name: "AVG", nargs: 1, rows: one(i(1), f(2.5), i(3)), want: f(2.1666666666666665)},
	"mean is avg":      {name: "MEAN", nargs: 1, rows: one(i(4), i(6)), want: f(5)},
	"avg past 2^53":    {name: "AVG", nargs: 1, rows: one(i(9007199254740993), i(9007199254740993), i(1)), want: f(6004799503160662)}, // duckq: 6.004799503160662e+15 (the exact sum divided once)
	"avg past int64":   {name: "AVG", nargs: 1, rows: one(i(maxInt), i(maxInt), i(maxInt)), want: f(9.223372036854776e18)},
	"avg big negative": {name: "AVG", nargs: 1, rows: one(i(minInt), i(minInt)), want: f(-9.223372036854776e18)},
	"avg distinct":     {name: "AVG", nargs: 1, distinct: true, rows: one(i(1), i(1), i(4)), want: f(2.5)},

	// MIN, MAX
	"min ints":             {name: "MIN", nargs: 1, rows: one(i(3), null, i(-2), i(7)), want: i(-2)},
	"max ints":             {name: "MAX", nargs: 1, rows: one(i(3), null, i(-2), i(7)), want: i(7)},
	"min int and float":    {name: "MIN", nargs: 1, rows: one(i(3), f(2.5), i(4)), want: f(2.5)},
	"max int above float":  {name: "MAX", nargs: 1, rows: one(f(9007199254740992), i(9007199254740993)), want: i(9007199254740993)},
	"min strings":          {name: "MIN", nargs: 1, rows: one(s("b"), s("a"), s("B"), s("é")), want: s("B")},
	"max strings":          {name: "MAX", nargs: 1, rows: one(s("b"), s("a"), s("B"), s("é"), s("z")), want: s("é")},
	"min no rows":          {name: "MIN", nargs: 1, want: null},
	"max only nulls":       {name: "MAX", nargs: 1, rows: one(null, null), want: null},
	"min mixed kinds":      {name: "MIN", nargs: 1, rows: one(s("a"), i(5), types.JSONValue("[1]"), b(true), types.DateValue(1)), want: b(true)},
	"max mixed kinds":      {name: "MAX", nargs: 1, rows: one(s("a"), i(5), types.JSONValue("[1]"), b(true), types.DateValue(1)), want: types.JSONValue("[1]")},
	"max number vs string": {name: "MAX", nargs: 1, rows: one(i(120), f(75.5), s("60"), i(250)), want: s("60")},
	"min number vs date":   {name: "MIN", nargs: 1, rows: one(types.DateValue(0), i(1000), s("")), want: i(1000)},
	"max booleans":         {name: "MAX", nargs: 1, rows: one(b(false), b(true), b(false)), want: b(true)},
	"max nan":              {name: "MAX", nargs: 1, rows: one(f(1), f(math.NaN()), f(math.Inf(1))), want: f(math.NaN())},
	"min distinct":         {name: "MIN", nargs: 1, distinct: true, rows: one(i(2), i(2), i(1)), want: i(1)},

	// STDDEV, VARIANCE: duckq over VALUES (2),(4),(4),(4),(5),(5),(7),(9),(1.5)
	"stddev":             {name: "STDDEV", nargs: 1, rows: moments, want: f(2.3154073315749675), tol: 1e-14},
	"stddev_samp":        {name: "STDDEV_SAMP", nargs: 1, rows: moments, want: f(2.3154073315749675), tol: 1e-14},
	"stddev_pop":         {name: "STDDEV_POP", nargs: 1, rows: moments, want: f(2.1829869671542776), tol: 1e-14},
	"variance":           {name: "VARIANCE", nargs: 1, rows: moments, want: f(5.361111111111111), tol: 1e-14},
	"var_samp":           {name: "VAR_SAMP", nargs: 1, rows: moments, want: f(5.361111111111111), tol: 1e-14},
	"var_pop":            {name: "VAR_POP", nargs: 1, rows: moments, want: f(4.765432098765432), tol: 1e-14},
	"stddev floats":      {name: "STDDEV_SAMP", nargs: 1, rows: one(f(1), f(2), null, f(3), s("x"), f(4), f(10)), want: f(3.5355339059327378), tol: 1e-14},
	"var_pop floats":     {name: "VAR_POP", nargs: 1, rows: one(f(1), f(2), f(3), f(4), f(10)), want: f(10), tol: 1e-14},
	"stddev of one":      {name: "STDDEV", nargs: 1, rows: one(i(3)), want: null},
	"variance of one":    {name: "VARIANCE", nargs: 1, rows: one(i(3)), want: null},
	"stddev_pop of one":  {name: "STDDEV_POP", nargs: 1, rows: one(i(3)), want: f(0)},
	"var_pop of one":     {name: "VAR_POP", nargs: 1, rows: one(i(3)), want: f(0)},
	"stddev_pop no rows": {name: "STDDEV_POP", nargs: 1, rows: one(null), want: null},
	"var_pop no rows":    {name: "VAR_POP", nargs: 1, want: null},

	// GROUP_CONCAT
	"group_concat default sep": {name: "GROUP_CONCAT", nargs: 1, rows: one(s("a"), null, s("b"), i(3)), want: s("a,b,3")},
	"group_concat separator":   {name: "GROUP_CONCAT", nargs: 1, sep: sep("; "), rows: one(s("a"), null, s("b"), f(2.5), b(true)), want: s("a; b; 2.5; true")},
	"group_concat empty sep":   {name: "GROUP_CONCAT", nargs: 1, sep: sep(""), rows: one(s("x"), s("y"), s("")), want: s("xy")},
	"group_concat utf8":        {name: "STRING_AGG", nargs: 1, sep: sep("·"), rows: one(s("서울"), s("부산")), want: s("서울·부산")},
	"group_concat no rows":     {name: "GROUP_CONCAT", nargs: 1, rows: one(null), want: null},
	"group_concat distinct":    {name: "GROUP_CONCAT", nargs: 1, distinct: true, rows: one(s("a"), s("b"), s("a"), null, s("c")), want: s("a,b,c")},
	"listagg":                  {name: "LISTAGG", nargs: 1, rows: one(s("p"), s("q")), want: s("p,q")},

	// ANY_VALUE
	"any_value first not null": {name: "ANY_VALUE", nargs: 1, rows: one(null, s("x"), s("y")), want: s("x")},
	"any_value no rows":        {name: "ANY_VALUE", nargs: 1, rows: one(null), want: null},
	"first":                    {name: "FIRST", nargs: 1, rows: one(i(9), i(8)), want: i(9)},
	"arbitrary":                {name: "ARBITRARY", nargs: 1, rows: one(null, null, b(false)), want: null}, // DuckDB's: the first row's, NULL or not
	"any value skips NULL":     {name: "ANY_VALUE", nargs: 1, rows: one(null, null, b(false)), want: b(false)},
	"first NULL":               {name: "FIRST", nargs: 1, rows: one(null, i(8)), want: null},
	"last":                     {name: "LAST", nargs: 1, rows: one(i(9), i(8)), want: i(8)},
	"last NULL":                {name: "LAST", nargs: 1, rows: one(i(9), null), want: null},

	// GROUP_CONCAT(x ORDER BY k DESC) (DuckDB: STRING_AGG(x, ',' ORDER BY k DESC))
	"concat ordered": {fn: func() *aggregate.Func {
		return aggregate.ConcatOrdered("GROUP_CONCAT", ",", []bool{true}, []bool{false}, false)
	},
		rows: [][]types.Value{{s("a"), i(1)}, {s("b"), i(3)}, {null, i(9)}, {s("c"), null}, {s("d"), i(3)}}, want: s("b,d,a,c")},
	"concat ordered, NULLS FIRST": {fn: func() *aggregate.Func {
		return aggregate.ConcatOrdered("GROUP_CONCAT", ",", []bool{true, false}, []bool{true, false}, false)
	},
		rows: [][]types.Value{{s("a"), i(1), null}, {s("b"), i(3), i(2)}, {s("e"), null, i(0)}, {s("c"), null, null}, {s("d"), i(3), i(1)}}, want: s("e,c,d,b,a")},

	// MEDIAN, as DuckDB 1.5.6 answers it
	"median odd":     {name: "MEDIAN", nargs: 1, rows: one(i(3), i(1), null, i(2)), want: f(2)},
	"median even":    {name: "MEDIAN", nargs: 1, rows: one(i(1), i(2), i(3), i(4)), want: f(2.5)},
	"median floats":  {name: "MEDIAN", nargs: 1, rows: one(f(1.5), null), want: f(1.5)},
	"median text":    {name: "MEDIAN", nargs: 1, rows: one(s("a"), s("c"), s("b"), s("d")), want: s("b")},
	"median no rows": {name: "MEDIAN", nargs: 1, rows: one(null), want: null},

	// BOOL_AND, BOOL_OR
	"bool_and false":   {name: "BOOL_AND", nargs: 1, rows: one(b(true), null, b(false), b(true)), want: b(false)},
	"bool_and true":    {name: "BOOL_AND", nargs: 1, rows: one(b(true), null, b(true)), want: b(true)},
	"every":            {name: "EVERY", nargs: 1, rows: one(b(true), b(true)), want: b(true)},
	"bool_or true":     {name: "BOOL_OR", nargs: 1, rows: one(b(false), null, b(true), b(false)), want: b(true)},
	"bool_or false":    {name: "BOOL_OR", nargs: 1, rows: one(b(false), b(false)), want: b(false)},
	"bool_and no rows": {name: "BOOL_AND", nargs: 1, rows: one(null), want: null},
	"bool_or no rows":  {name: "BOOL_OR", nargs: 1, want: null},

	// SumPlus: SUM(x + c) as SUM(x) + c·COUNT(x)
	"sumplus ints":       {fn: sumPlus(i(3)), rows: one(i(1), i(2), null), want: i(9)},
	"sumplus negative":   {fn: sumPlus(i(-5)), rows: one(i(1), i(2)), want: i(-7)},
	"sumplus float x":    {fn: sumPlus(i(3)), rows: one(i(1), f(1.5)), want: f(8.5)},
	"sumplus no rows":    {fn: sumPlus(i(3)), rows: one(null), want: null},
	"sumplus to hugeint": {fn: sumPlus(i(10)), rows: one(i(maxInt-10), i(maxInt-10)), want: huge("18446744073709551614")},
	"sumplus shift huge": {fn: sumPlus(i(maxInt)), rows: one(i(0), i(0), i(0)), want: huge("27670116110564327421")},
	"sumplus back":       {fn: sumPlus(i(1)), rows: one(i(maxInt-1), i(maxInt-1), i(minInt), i(minInt)), want: i(0)},
	// Past int64 row by row is no error, as in DuckDB, whose rewrite is the
	// same: SUM(x + 1) of 5 and 9223372036854775807 is 9223372036854775814.
	"sumplus past int64":  {fn: sumPlus(i(1)), rows: one(i(5), i(maxInt)), want: huge("9223372036854775814")},
	"sumplus below int64": {fn: sumPlus(i(-1)), rows: one(i(minInt)), want: huge("-9223372036854775809")},
	"sumplus text":        {fn: sumPlus(i(1)), rows: one(i(1), s("60")), addErr: "cannot compute"},
	"sumplus boolean":     {fn: sumPlus(i(1)), rows: one(b(true)), addErr: "cannot compute"},
	"sumplus json":        {fn: sumPlus(i(1)), rows: one(types.JSONValue("[1]")), addErr: "cannot compute"},
}

var moments = one(i(2), i(4), i(4), i(4), i(5), i(5), i(7), i(9), f(1.5))

// eachCase runs f as a subtest on every case whose rows Add takes, with
// its Func.
func eachCase(t *testing.T, f func(t *testing.T, c aggCase, fn *aggregate.Func)) {
	for name, c := range aggCases {
		if c.addErr != "" {
			continue
		}
		t.Run(name, func(t *testing.T) { f(t, c, c.fun(t)) })
	}
}

func sumPlus(c types.Value) func() *aggregate.Func {
	return func() *aggregate.Func { return aggregate.SumPlus(c, "SUM") }
}

func (c aggCase) fun(t *testing.T) *aggregate.Func {
	t.Helper()
	if c.fn != nil {
		return c.fn()
	}
	fn, ok, err := aggregate.Lookup(c.name, c.nargs, c.distinct, c.sep)
	if !ok || err != nil {
		t.Fatalf("Lookup(%s, %d, %v): ok %v, err %v", c.name, c.nargs, c.distinct, ok, err)
	}
	return fn
}

func feed(st aggregate.State, rows [][]types.Value) error {
	for _, r := range rows {
		if err := st.Add(r); err != nil {
			return err
		}
	}
	return nil
}

func show(v types.Value) string {
	if v.K == types.Null {
		return "NULL"
	}
	return v.K.String() + " " + v.String()
}

// same compares results kind and value; NaN equals NaN.
func same(got, want types.Value, tol float64) bool {
	if got.K != want.K {
		return false
	}
	switch got.K {
	case types.Null:
		return true
	case types.Float:
		if math.IsNaN(want.F()) {
			return math.IsNaN(got.F())
		}
		if tol == 0 {
			return got.F() == want.F() && math.Signbit(got.F()) == math.Signbit(want.F())
		}
		return math.Abs(got.F()-want.F()) <= tol*math.Max(1, math.Abs(want.F()))
	case types.Huge, types.String, types.JSON:
		return got.S == want.S
	}
	return got.I == want.I
}

// regrRows are (y, x) rows of the REGR_ cases.
var regrRows = [][]types.Value{{i(2), i(1)}, {types.Value{}, i(9)}, {i(4), i(2)}, {f(7), i(3)}, {i(5), types.Value{}}}

func TestAggregates(t *testing.T) {
	for name, c := range aggCases {
		t.Run(name, func(t *testing.T) {
			fn := c.fun(t)
			st := fn.New()
			err := feed(st, c.rows)
			if c.addErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.addErr) {
					t.Fatalf("Add: err %v, want one containing %q", err, c.addErr)
				}
				if !errors.Is(err, types.ErrOverflow) && !errors.Is(err, types.ErrConvert) {
					t.Errorf("Add: %v is neither ErrOverflow nor ErrConvert", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Add: %v", err)
			}
			if got := st.Result(); !same(got, c.want, c.tol) {
				t.Fatalf("result %s, want %s", show(got), show(c.want))
			}
		})
	}
}

// splitFed returns a state fed rows[:k] and one fed rows[k:].
func splitFed(t *testing.T, fn *aggregate.Func, rows [][]types.Value, k int) (a, b aggregate.State) {
	t.Helper()
	a, b = fn.New(), fn.New()
	if err := feed(a, rows[:k]); err != nil {
		t.Fatal(err)
	}
	if err := feed(b, rows[k:]); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// TestAggregateMerge: for every split of the rows, a state fed the first
// part merged with one fed the rest gives the answer of one state fed
// everything (workers each aggregate part of a lake).
func TestAggregateMerge(t *testing.T) {
	eachCase(t, func(t *testing.T, c aggCase, fn *aggregate.Func) {
		for k := 0; k <= len(c.rows); k++ {
			a, b := splitFed(t, fn, c.rows, k)
			a.Merge(b)
			if got := a.Result(); !same(got, c.want, c.tol) {
				t.Errorf("split at %d: merged %s, want %s", k, show(got), show(c.want))
			}
		}
		// Three parts, merged left to right and into an empty state.
		for k := 0; k <= len(c.rows); k++ {
			for m := k; m <= len(c.rows); m++ {
				parts := []aggregate.State{fn.New(), fn.New(), fn.New()}
				for p, rows := range [][][]types.Value{c.rows[:k], c.rows[k:m], c.rows[m:]} {
					if err := feed(parts[p], rows); err != nil {
						t.Fatal(err)
					}
				}
				total := fn.New()
				for _, p := range parts {
					total.Merge(p)
				}
				if got := total.Result(); !same(got, c.want, c.tol) {
					t.Errorf("splits at %d, %d: merged %s, want %s", k, m, show(got), show(c.want))
				}
			}
		}
	})
}

// TestAggregateClonesText: a state keeps its own copy of the text of a
// value whose bytes the scan reuses for the next row.
func TestAggregateClonesText(t *testing.T) {
	for _, name := range []string{"MIN", "MAX", "ANY_VALUE", "GROUP_CONCAT", "COUNT DISTINCT", "GROUP_CONCAT DISTINCT"} {
		t.Run(name, func(t *testing.T) {
			base, distinct := strings.CutSuffix(name, " DISTINCT")
			fn, _, err := aggregate.Lookup(base, 1, distinct, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := fn.New()
			st := fn.New()
			buf := []byte("mmmm")
			for _, text := range []string{"mmmm", "aaaa", "zzzz", "mmmm"} {
				copy(buf, text)
				if err := st.Add([]types.Value{types.StringValue(unsafe.String(&buf[0], len(buf)))}); err != nil {
					t.Fatal(err)
				}
				if err := want.Add([]types.Value{types.StringValue(text)}); err != nil {
					t.Fatal(err)
				}
			}
			copy(buf, "####")
			if got, w := st.Result(), want.Result(); !same(got, w, 0) {
				t.Errorf("after the buffer changed: %s, want %s", show(got), show(w))
			}
		})
	}
}

func TestLookupErrors(t *testing.T) {
	for name, c := range map[string]struct {
		fn       string
		nargs    int
		distinct bool
		wantOK   bool
		wantErr  string
	}{
		"sum of two":              {"SUM", 2, false, true, "SUM takes 1 arguments, not 2"},
		"sum of none":             {"SUM", 0, false, true, "SUM takes 1 arguments, not 0"},
		"avg of none":             {"AVG", 0, false, true, "not 0"},
		"min of two":              {"MIN", 2, false, true, "not 2"},
		"max of three":            {"MAX", 3, false, true, "not 3"},
		"stddev of two":           {"STDDEV", 2, false, true, "not 2"},
		"var_pop of none":         {"VAR_POP", 0, false, true, "not 0"},
		"bool_and of two":         {"BOOL_AND", 2, false, true, "not 2"},
		"any_value of none":       {"ANY_VALUE", 0, false, true, "not 0"},
		"count of two":            {"COUNT", 2, false, true, "COUNT of several arguments needs DISTINCT"},
		"group_concat of two":     {"GROUP_CONCAT", 2, false, true, "write GROUP_CONCAT(x SEPARATOR"},
		"group_concat of three":   {"GROUP_CONCAT", 3, false, true, "not 3"},
		"group_concat of none":    {"GROUP_CONCAT", 0, false, true, "not 0"},
		"string_agg with sep arg": {"STRING_AGG", 2, false, true, "write GROUP_CONCAT(x SEPARATOR"},
		"listagg with sep arg":    {"LISTAGG", 2, false, true, "write GROUP_CONCAT(x SEPARATOR"},
		"sum distinct of two":     {"SUM", 2, true, true, "not 2"},
		"not an aggregate":        {"LENGTH", 1, false, false, ""},
		"empty name":              {"", 1, false, false, ""},
		"count of none":           {"COUNT", 0, false, true, ""},
		"count distinct of three": {"COUNT", 3, true, true, ""},
		"lower case":              {"sum", 1, false, true, ""},
	} {
		t.Run(name, func(t *testing.T) {
			f, ok, err := aggregate.Lookup(c.fn, c.nargs, c.distinct, nil)
			if ok != c.wantOK {
				t.Fatalf("ok %v, want %v", ok, c.wantOK)
			}
			if c.wantErr == "" {
				if err != nil {
					t.Fatalf("err %v", err)
				}
				if ok && (f == nil || f.New == nil || f.Name != strings.ToUpper(c.fn)) {
					t.Fatalf("func %+v", f)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("err %v, want one containing %q", err, c.wantErr)
			}
			if !errors.Is(err, aggregate.ErrArgs) {
				t.Errorf("err %v is not ErrArgs", err)
			}
		})
	}
}

// TestNames: every name Names lists is an aggregate Lookup knows.
func TestNames(t *testing.T) {
	for _, n := range aggregate.Names() {
		nargs := 1
		if strings.HasPrefix(n, "ARG") || strings.HasPrefix(n, "QUANTILE") || strings.HasPrefix(n, "COVAR") || n == "CORR" || strings.HasPrefix(n, "REGR_") {
			nargs = 2
		}
		if strings.HasSuffix(n, "_N") { // MAX(x, n), ARG_MAX(arg, val, n)
			nargs++
		}
		if _, ok, err := aggregate.Lookup(n, nargs, false, nil); !ok || err != nil {
			t.Errorf("Lookup(%s, %d): ok %v, err %v", n, nargs, ok, err)
		}
	}
}

// TestAggregateStateEncoding: for every split of the rows, a state fed the
// first part that merges the encoding of one fed the rest (a spilled
// partial aggregate read back) gives the answer of one state fed
// everything; so does an empty state merging both encodings. A cut
// encoding is an error, never a panic.
func TestAggregateStateEncoding(t *testing.T) {
	eachCase(t, func(t *testing.T, c aggCase, fn *aggregate.Func) {
		for k := 0; k <= len(c.rows); k++ {
			a, b := splitFed(t, fn, c.rows, k)
			enc := b.AppendState(a.AppendState(nil))
			total := fn.New()
			rest, err := total.MergeState(enc)
			if err == nil {
				rest, err = total.MergeState(rest)
			}
			if err != nil || len(rest) != 0 {
				t.Fatalf("split at %d: MergeState: %v, %d bytes left", k, err, len(rest))
			}
			if got := total.Result(); !same(got, c.want, c.tol) {
				t.Errorf("split at %d: decoded %s, want %s", k, show(got), show(c.want))
			}
			rest, err = a.MergeState(b.AppendState(nil))
			if err != nil || len(rest) != 0 {
				t.Fatalf("split at %d: MergeState: %v, %d bytes left", k, err, len(rest))
			}
			if got := a.Result(); !same(got, c.want, c.tol) {
				t.Errorf("split at %d: merged %s, want %s", k, show(got), show(c.want))
			}
			one := b.AppendState(nil)
			for n := range len(one) {
				if _, err := fn.New().MergeState(one[:n]); err == nil {
					t.Errorf("split at %d: a cut of %d of %d bytes decoded", k, n, len(one))
				}
			}
		}
	})
}

// TestColumns: the states of a column, across its chunks, after it was
// truncated and refilled (a spilling table's reuse of its memory), and
// moved to another column, answer as states made by New do; the common
// aggregates keep their states as plain values (no interface word per
// group).
func TestColumns(t *testing.T) {
	fed := []int{0, 1, 1023, 1024, 2047, 2999}
	eachCase(t, func(t *testing.T, c aggCase, fn *aggregate.Func) {
		empty := fn.New().Result()
		col := fn.NewColumn(nil, nil)
		check := func(when string, col aggregate.Column, n int, want types.Value) {
			t.Helper()
			if got := col.At(n).Result(); !same(got, want, c.tol) {
				t.Fatalf("%s: state %d: %s, want %s", when, n, show(got), show(want))
			}
		}
		for round := range 2 {
			for range 3000 {
				col.Grow()
			}
			if col.Len() != 3000 {
				t.Fatalf("Len %d after 3000 Grow", col.Len())
			}
			for _, n := range fed {
				if err := feed(col.At(n), c.rows); err != nil {
					t.Fatal(err)
				}
			}
			when := []string{"filled", "refilled after Truncate"}[round]
			for n := range 3000 {
				want := empty
				if slices.Contains(fed, n) {
					want = c.want
				}
				check(when, col, n, want)
			}
			col.Truncate()
			if col.Len() != 0 {
				t.Fatalf("Len %d after Truncate", col.Len())
			}
		}
		for range 3 {
			col.Grow()
		}
		if err := feed(col.At(1), c.rows); err != nil {
			t.Fatal(err)
		}
		to := fn.NewColumn(nil, nil)
		to.Grow()
		to.Grow()
		to.Take(1, col, 1)
		check("taken", to, 1, c.want)
		check("beside the taken", to, 0, empty)
	})
	for _, name := range []string{"COUNT", "SUM", "AVG", "MIN", "MAX"} {
		fn, _, _ := aggregate.Lookup(name, 1, false, nil)
		if got, plain := fn.NewColumn(nil, nil).StateBytes(), int(reflect.TypeOf(fn.New()).Elem().Size()); got != plain {
			t.Errorf("%s: a state costs its column %d bytes, want %d (its own size)", name, got, plain)
		}
	}
}

// TestEncodedAndMerged: the rows of every case, split in three, fed to
// states whose encodings (Encoded) are fed to one Merged state, give the
// case's answer.
func TestEncodedAndMerged(t *testing.T) {
	eachCase(t, func(t *testing.T, c aggCase, fn *aggregate.Func) {
		for k := 0; k <= len(c.rows); k++ {
			m := aggregate.Merged(fn).New()
			for _, part := range [][][]types.Value{c.rows[:k/2], c.rows[k/2 : k], c.rows[k:]} {
				p := fn.New()
				if err := feed(p, part); err != nil {
					t.Fatal(err)
				}
				if err := m.(aggregate.OneArg).AddOne(aggregate.Encoded(p)); err != nil {
					t.Fatal(err)
				}
			}
			if got := m.Result(); !same(got, c.want, c.tol) {
				t.Errorf("split at %d, %d: %s, want %s", k/2, k, show(got), show(c.want))
			}
		}
		if err := aggregate.Merged(fn).New().(aggregate.OneArg).AddOne(types.IntValue(1)); err == nil {
			t.Error("Merged took an integer for a state")
		}
	})
}

// GROUP_CONCAT and STRING_AGG refuse a joined text past MaxJoined: as a
// row would take it past (and before holding it), and as states within
// it each are merged, in memory and from a spill file, ordered or not.
func TestJoinedTextBounded(t *testing.T) {
	sep := ","
	half := types.StringValue(strings.Repeat("x", aggregate.MaxJoined/2))
	plain, _, err := aggregate.Lookup("STRING_AGG", 1, false, &sep)
	if err != nil {
		t.Fatal(err)
	}
	ordered := aggregate.ConcatOrdered("STRING_AGG", sep, []bool{false}, []bool{false}, false)
	for name, fn := range map[string]*aggregate.Func{"plain": plain, "ordered": ordered} {
		args := []types.Value{half}
		if name == "ordered" {
			args = append(args, types.IntValue(1))
		}
		st := fn.New()
		if err := st.Add(args); err != nil {
			t.Fatalf("%s: half the bound: %v", name, err)
		}
		if v, err := aggregate.Final(st); err != nil || len(v.S) != aggregate.MaxJoined/2 {
			t.Errorf("%s: half the bound: %d bytes, %v", name, len(v.S), err)
		}
		if err := st.Add(args); err == nil || !errors.Is(err, aggregate.ErrArgs) {
			t.Errorf("%s: past the bound: err %v", name, err)
		}
		a, b, c := fn.New(), fn.New(), fn.New()
		if err := a.Add(args); err != nil {
			t.Fatal(err)
		}
		if err := b.Add(args); err != nil {
			t.Fatal(err)
		}
		a.Merge(b)
		if _, err := aggregate.Final(a); err == nil {
			t.Errorf("%s: merged past the bound: no error", name)
		}
		if err := c.Add(args); err != nil {
			t.Fatal(err)
		}
		if _, err := c.MergeState(b.AppendState(nil)); err != nil {
			t.Fatal(err)
		}
		if _, err := aggregate.Final(c); err == nil {
			t.Errorf("%s: merged from a spill past the bound: no error", name)
		}
	}
}

// TestTopNErrors: MAX(x, n)'s n is a whole number from 1 to 10,000, the
// same in every row, never NULL (DuckDB's errors, and our bound).
func TestTopNErrors(t *testing.T) {
	for _, c := range []struct {
		rows [][]types.Value
		want string
	}{
		{withP(i(0), i(1)), "from 1 to"},
		{withP(i(-1), i(1)), "from 1 to"},
		{withP(i(10_001), i(1)), "from 1 to"},
		{withP(f(1.5), i(1)), "from 1 to"},
		{withP(null, i(1)), "cannot be NULL"},
		{[][]types.Value{{i(1), i(2)}, {i(2), i(3)}}, "the same in every row"},
	} {
		fn, _, err := aggregate.Lookup("MAX_N", 2, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := feed(fn.New(), c.rows); err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, aggregate.ErrArgs) {
			t.Errorf("%v: err %v, want one saying %q", c.rows, err, c.want)
		}
	}
}

// TestQuantileFractionLists: a list of fractions is a list of numbers
// between 0 and 1, the same for every row.
func TestQuantileFractionLists(t *testing.T) {
	f, _, err := aggregate.Lookup("QUANTILE_DISC", 2, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rows := range [][]types.Value{
		{types.JSONValue("[2]")},
		{types.JSONValue(`["a"]`)},
		{types.JSONValue("[]")},
		{types.JSONValue("[0.5]"), types.FloatValue(0.5)},
		{types.FloatValue(0.5), types.JSONValue("[0.5]")},
		{types.JSONValue("[0.5]"), types.JSONValue("[0.6]")},
	} {
		st := f.New()
		var err error
		for _, p := range rows {
			if err = st.Add([]types.Value{types.IntValue(1), p}); err != nil {
				break
			}
		}
		if !errors.Is(err, aggregate.ErrArgs) {
			t.Errorf("fractions %v: %v, want an error of its arguments", rows, err)
		}
	}
}
