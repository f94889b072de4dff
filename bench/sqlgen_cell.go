package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// sgCell is one answer cell in a canonical form: numbers by value (exact
// for integers), strings exactly, NULL as NULL.
type sgCell struct {
	k byte // 'n' NULL, 'i' integer, 'f' float, 's' string, 'b' boolean, 'j' anything else (its text)
	i *big.Int
	f float64
	s string
	b bool
}

func (c sgCell) String() string {
	switch c.k {
	case 'n':
		return "NULL"
	case 'i':
		return c.i.String()
	case 'f':
		return strconv.FormatFloat(c.f, 'g', -1, 64)
	case 's':
		return strconv.Quote(c.s)
	case 'b':
		return strconv.FormatBool(c.b)
	}
	return c.s
}

// num reads a cell as a float: numbers, and the texts inf, -inf and nan
// (our engine writes a DOUBLE that JSON cannot hold as that string).
func (c sgCell) num() (float64, bool) {
	switch c.k {
	case 'i':
		f, _ := new(big.Float).SetInt(c.i).Float64()
		return f, true
	case 'f':
		return c.f, true
	case 's':
		switch c.s {
		case "inf":
			return math.Inf(1), true
		case "-inf":
			return math.Inf(-1), true
		case "nan", "-nan": // JSON has no NaN: lakesql writes it as text, with its sign
			return math.NaN(), true
		}
	}
	return 0, false
}

// sgCellEq compares two cells: integers exactly, other numbers within
// relTol, the rest exactly.
func sgCellEq(a, b sgCell) bool {
	if a.k == 'i' && b.k == 'i' {
		return a.i.Cmp(b.i) == 0
	}
	if x, ok := a.num(); ok && (a.k != 's' || b.k == 'f' || b.k == 'i') {
		if y, ok := b.num(); ok && (b.k != 's' || a.k == 'f' || a.k == 'i') {
			return floatsClose(x, y)
		}
	}
	if a.k != b.k {
		return false
	}
	switch a.k {
	case 'n':
		return true
	case 'b':
		return a.b == b.b
	}
	if a.s != b.s {
		return sgTextEq(a.s, b.s)
	}
	return true
}

// sgDouble finds the spellings of doubles in a text: digits with a point
// or an exponent (2 and 2.0 stay apart), inf and nan.
var sgDouble = regexp.MustCompile(`-?(?:[0-9]+\.[0-9]+(?:e[-+]?[0-9]+)?|[0-9]+e[-+]?[0-9]+|inf|nan)`)

// sgTextEq compares texts in which doubles may be spelt: the text of a
// float aggregate (CAST(SUM(x) AS VARCHAR), also inside CONCAT) shows the
// last bits, which the order of addition decides, in DuckDB too. The
// texts must be equal outside their doubles, and each pair of doubles
// within the tolerance.
func sgTextEq(a, b string) bool {
	ia, ib := sgDouble.FindAllStringIndex(a, -1), sgDouble.FindAllStringIndex(b, -1)
	if len(ia) != len(ib) || len(ia) == 0 {
		return false
	}
	pa, pb := 0, 0
	for k := range ia {
		if a[pa:ia[k][0]] != b[pb:ib[k][0]] {
			return false
		}
		x, err1 := strconv.ParseFloat(a[ia[k][0]:ia[k][1]], 64)
		y, err2 := strconv.ParseFloat(b[ib[k][0]:ib[k][1]], 64)
		if err1 != nil || err2 != nil || !floatsClose(x, y) {
			return false
		}
		pa, pb = ia[k][1], ib[k][1]
	}
	return a[pa:] == b[pb:]
}

func sgRowEq(a, b []sgCell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sgCellEq(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sgBucket is a coarse key of a row: equal rows (by sgRowEq) almost always
// share it; numbers are rounded to 6 digits.
func sgBucket(row []sgCell) string {
	var b strings.Builder
	for _, c := range row {
		if f, ok := c.num(); ok && c.k != 's' {
			if f == 0 {
				b.WriteString("#0")
			} else {
				b.WriteString("#" + strconv.FormatFloat(f, 'g', 6, 64))
			}
		} else if c.k == 's' && sgDouble.MatchString(c.s) {
			// Doubles in a text are rounded to 6 digits: see sgTextEq.
			b.WriteString("s" + sgDouble.ReplaceAllStringFunc(c.s, func(d string) string {
				f, err := strconv.ParseFloat(d, 64)
				if err != nil {
					return d
				}
				return "#" + strconv.FormatFloat(f, 'g', 6, 64)
			}))
		} else {
			b.WriteString(string(c.k) + c.String())
		}
		b.WriteByte(0)
	}
	return b.String()
}

// sgSubMultiset reports whether every row of sub can be matched to a
// distinct row of of (rows equal by sgRowEq).
func sgSubMultiset(sub, of [][]sgCell) bool {
	if len(sub) > len(of) {
		return false
	}
	// Rows spelt alike first: matched within the tolerance alone, one row
	// could take another's near twin whose own twin then found none (a
	// TLP check of 20,000 quotients of 2^53 by small integers, each part
	// equal to the whole's rows, was judged failed).
	sub, of = sgUnmatched(sub, of)
	buckets := map[string][]int{}
	for i, r := range of {
		k := sgBucketInf(r)
		buckets[k] = append(buckets[k], i)
	}
	used := make([]bool, len(of))
	ok := true
	for _, r := range sub {
		found := false
		for _, j := range buckets[sgBucketInf(r)] {
			if !used[j] && sgRowEq(r, of[j]) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			ok = false
			break
		}
	}
	if ok {
		return true
	}
	// A value within the tolerance may round into another bucket: match
	// greedily over every row before calling it a difference.
	used = make([]bool, len(of))
	for _, r := range sub {
		found := false
		for j := range of {
			if !used[j] && sgRowEq(r, of[j]) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sgUnmatched returns the rows of sub and of that are left once each row
// of sub takes a row of of spelt the same, cell by cell.
func sgUnmatched(sub, of [][]sgCell) ([][]sgCell, [][]sgCell) {
	key := func(r []sgCell) string {
		var b strings.Builder
		for _, c := range r {
			b.WriteByte(c.k)
			b.WriteString(c.String())
			b.WriteByte(0)
		}
		return b.String()
	}
	spelt := map[string]int{}
	for _, r := range of {
		spelt[key(r)]++
	}
	var restSub [][]sgCell
	for _, r := range sub {
		if k := key(r); spelt[k] > 0 {
			spelt[k]--
			continue
		}
		restSub = append(restSub, r)
	}
	var restOf [][]sgCell
	for _, r := range of {
		if k := key(r); spelt[k] > 0 {
			spelt[k]--
			restOf = append(restOf, r)
		}
	}
	return restSub, restOf
}

// sgBucketInf is sgBucket with inf, -inf and nan as text and as a number
// in one form.
func sgBucketInf(row []sgCell) string {
	norm := make([]sgCell, len(row))
	for i, c := range row {
		norm[i] = c
		if f, ok := c.num(); ok && (math.IsInf(f, 0) || math.IsNaN(f)) {
			norm[i] = sgCell{k: 'j', s: strconv.FormatFloat(f, 'g', -1, 64)}
		}
	}
	return sgBucket(norm)
}

// sgMultisetEq compares two answers as multisets of rows.
func sgMultisetEq(a, b [][]sgCell) bool {
	return len(a) == len(b) && sgSubMultiset(a, b)
}

// sgParseOurs reads our JSON Lines answer: one object per row, members in
// column order (names may repeat, so it is read token by token).
func sgParseOurs(text []byte) ([][]sgCell, error) {
	_, rows, err := sgParseOursNamed(text)
	return rows, err
}

// sgParseOursNamed is sgParseOurs that returns the names of the first
// row's members too.
func sgParseOursNamed(text []byte) (names []string, rows [][]sgCell, err error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	for {
		t, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return names, rows, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if d, ok := t.(json.Delim); !ok || d != '{' {
			return nil, nil, fmt.Errorf("want an object, got %v", t)
		}
		var row []sgCell
		for dec.More() {
			name, err := dec.Token() // the name
			if err != nil {
				return nil, nil, err
			}
			if len(rows) == 0 {
				names = append(names, fmt.Sprint(name))
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, nil, err
			}
			row = append(row, sgJSONCell(raw))
		}
		if _, err := dec.Token(); err != nil { // '}'
			return nil, nil, err
		}
		rows = append(rows, row)
	}
}

// sgJSONCell converts one JSON value.
func sgJSONCell(raw json.RawMessage) sgCell {
	s := strings.TrimSpace(string(raw))
	switch {
	case s == "null":
		return sgCell{k: 'n'}
	case s == "true" || s == "false":
		return sgCell{k: 'b', b: s == "true"}
	case strings.HasPrefix(s, `"`):
		var v string
		if json.Unmarshal(raw, &v) == nil {
			return sgCell{k: 's', s: v}
		}
	case strings.HasPrefix(s, "{") || strings.HasPrefix(s, "["):
		return sgCell{k: 'j', s: s}
	}
	if !strings.ContainsAny(s, ".eE") {
		if i, ok := new(big.Int).SetString(s, 10); ok {
			return sgCell{k: 'i', i: i}
		}
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return sgCell{k: 'f', f: f}
	}
	return sgCell{k: 'j', s: s}
}

// sgDuckCell converts a value from the DuckDB driver.
func sgDuckCell(v any) sgCell {
	switch v := v.(type) {
	case nil:
		return sgCell{k: 'n'}
	case bool:
		return sgCell{k: 'b', b: v}
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		i, ok := new(big.Int).SetString(fmt.Sprint(v), 10)
		if ok {
			return sgCell{k: 'i', i: i}
		}
	case *big.Int:
		return sgCell{k: 'i', i: new(big.Int).Set(v)}
	case float32:
		return sgCell{k: 'f', f: float64(v)}
	case float64:
		return sgCell{k: 'f', f: v}
	case duckdb.Decimal:
		if v.Scale == 0 {
			return sgCell{k: 'i', i: new(big.Int).Set(v.Value)}
		}
		return sgCell{k: 'f', f: v.Float64()}
	case string:
		return sgCell{k: 's', s: v}
	case []byte:
		return sgCell{k: 's', s: string(v)}
	case time.Time:
		return sgCell{k: 'j', s: v.String()}
	case duckdb.Interval:
		return sgCell{k: 's', s: sgInterval(int64(v.Months), int64(v.Days), v.Micros)}
	}
	switch v.(type) {
	case []any, map[string]any:
		return sgCell{k: 'j', s: string(sgDuckJSON(nil, v))}
	}
	if b, err := json.Marshal(v); err == nil && reflect.ValueOf(v).Kind() != reflect.Pointer {
		return sgCell{k: 'j', s: string(b)}
	}
	return sgCell{k: 'j', s: fmt.Sprint(v)}
}

// sgDuckJSON appends a list or struct of the DuckDB driver as JSON text
// that keeps its element types apart, as our engine writes its JSON
// arrays: a DOUBLE (or DECIMAL) with a point (1.0, where encoding/json
// writes 1), an integer without; dates and intervals as their text.
func sgDuckJSON(dst []byte, v any) []byte {
	switch v := v.(type) {
	case []any:
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = sgDuckJSON(dst, e)
		}
		return append(dst, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendQuote(dst, k)
			dst = append(dst, ':')
			dst = sgDuckJSON(dst, v[k])
		}
		return append(dst, '}')
	case float32:
		return sgDuckJSON(dst, float64(v))
	case float64:
		t := strconv.FormatFloat(v, 'g', -1, 64)
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return strconv.AppendQuote(dst, t)
		}
		if !strings.ContainsAny(t, ".e") {
			t += ".0"
		}
		return append(dst, t...)
	case duckdb.Decimal:
		if v.Scale == 0 {
			return append(dst, v.Value.String()...)
		}
		return sgDuckJSON(dst, v.Float64())
	}
	c := sgDuckCell(v)
	switch c.k {
	case 'n':
		return append(dst, "null"...)
	case 's':
		b, _ := json.Marshal(c.s)
		return append(dst, b...)
	}
	return append(dst, c.String()...)
}

// sgInterval spells an interval as DuckDB's CAST(… AS VARCHAR) does,
// written here apart from the engine's own so that the two are checked
// against each other: years and months, days, then the microseconds as
// [-]HH:MM:SS[.ffffff], or 00:00:00 for nothing.
func sgInterval(months, days, micros int64) string {
	var parts []string
	for _, p := range []struct {
		n    int64
		name string
	}{{months / 12, "year"}, {months % 12, "month"}, {days, "day"}} {
		if p.n == 0 {
			continue
		}
		s := fmt.Sprintf("%d %s", p.n, p.name)
		if p.n != 1 && p.n != -1 {
			s += "s"
		}
		parts = append(parts, s)
	}
	if micros != 0 || len(parts) == 0 {
		sign, u := "", micros
		if u < 0 {
			sign, u = "-", -u
		}
		s := fmt.Sprintf("%s%02d:%02d:%02d", sign, u/3600e6, u/60e6%60, u/1e6%60)
		if f := u % 1e6; f != 0 {
			s += strings.TrimRight(fmt.Sprintf(".%06d", f), "0")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// sgOrderCmp is our engine's total order, for MIN and MAX of the TLP
// checks: booleans, then numbers, then strings (sql/types.Compare).
func sgOrderCmp(a, b sgCell) int {
	fam := func(c sgCell) int {
		switch c.k {
		case 'b':
			return 0
		case 'i', 'f':
			return 1
		case 's':
			if _, ok := c.num(); ok {
				return 1
			}
			return 2
		}
		return 3
	}
	fa, fb := fam(a), fam(b)
	if fa != fb {
		return fa - fb
	}
	switch fa {
	case 0:
		switch {
		case a.b == b.b:
			return 0
		case !a.b:
			return -1
		}
		return 1
	case 1:
		if a.k == 'i' && b.k == 'i' {
			return a.i.Cmp(b.i)
		}
		x, _ := a.num()
		y, _ := b.num()
		switch xn, yn := math.IsNaN(x), math.IsNaN(y); {
		case xn || yn: // NaN sorts above every number, as in DuckDB
			if xn && yn {
				return 0
			}
			if xn {
				return 1
			}
			return -1
		case floatsClose(x, y):
			return 0
		case x < y:
			return -1
		}
		return 1
	}
	return strings.Compare(a.s, b.s)
}

// sgShowRows writes an answer for a report: up to max rows.
func sgShowRows(rows [][]sgCell, max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d rows", len(rows))
	for i, r := range rows {
		if i == max {
			fmt.Fprintf(&b, "\n      … %d more", len(rows)-max)
			break
		}
		cells := make([]string, len(r))
		for j, c := range r {
			cells[j] = c.String()
		}
		b.WriteString("\n      (" + strings.Join(cells, ", ") + ")")
	}
	return b.String()
}
