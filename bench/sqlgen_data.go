package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The random query check's data: a small seeded lake whose every non-key
// field holds NULLs and MISSING members, with one JSON type per field (DuckDB
// types each column) except mx, the one mixed-type field, which only the
// TLP checks (our engine alone) read.

// sgColumn is a field of the generated lake as the query generator sees it.
type sgColumn struct {
	name string   // as written in SQL: "n", "user.tier"
	t    sgType   // its one type
	huge bool     // integers beyond 2^53 occur
	key  bool     // a partition key (never NULL)
	duck string   // DuckDB's type in read_json's columns={...}; "" for a sub-field or mx
	pool []string // literals worth comparing it with, as SQL text (a sample of its values)
}

// sgDays and sgRegions are the partition key values.
var (
	sgDays    = []string{"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"}
	sgRegions = []string{"seoul", "busan", "jeju", "대구"}
)

// sgStrings are the string values most rows take: empty strings, case,
// quotes, LIKE's % and _, Korean text, spaces, digits, backslashes (a
// backslash in a SQL string is itself, in DuckDB and in lakesql).
var sgStrings = []string{
	"", "a", "A", "abc", "ABC", "it's", "'", "''", "50%", "a_b", "100%_sure", "o'neil",
	"한국", "서울 시", "한국어 텍스트", "café", "Zebra", "zebra", " padded ", "x%y", "__", "%",
	"ab'%'cd", "12", "007", "-3", "hello world", "HeLLo", "가나다", "가", "a b c", "tab\there",
	`\`, `a\b`, `50\%`, `\d`,
}

// sgTiers are the values of user.tier.
var sgTiers = []string{"gold", "silver", "bronze", "", "플래티넘", "Gold", "it's"}

// sgLikePatterns are LIKE patterns (as values; quoted when rendered).
var sgLikePatterns = []string{
	"%", "_", "a%", "%a", "%'%", "__", "%_%", "한%", "%국%", "_b%", "A%", "", "abc",
	"%%", "%e%", "z%", "%c", "a_b", "__%", "_", "% %", "서울%", "%0%", "1%", "%s", "g%", `%\%`, `\_%`, `a\b`,
}

// sgMixed are the values of mx, the mixed-type field (TLP only): numbers,
// numeric-looking strings, other strings, booleans.
var sgMixedValues = []string{`1`, `0`, `-2`, `2.5`, `"1"`, `"2.5"`, `"abc"`, `""`, `true`, `false`, `10`, `"10"`, `-0.5`, `"한"`}

const (
	sgPow53 = int64(1) << 53
)

// sgSchema is every field the generator may use; mx is TLP only.
func sgSchema() []sgColumn {
	return []sgColumn{
		{name: "day", t: sgStr, key: true, pool: sgQuoteAll(sgDays)},
		{name: "region", t: sgStr, key: true, pool: sgQuoteAll(append(append([]string{}, sgRegions...), "Seoul", "gwangju"))},
		{name: "id", t: sgInt, duck: "BIGINT", pool: []string{"0", "1", "100", "1500", "2999", "-1"}},
		{name: "n", t: sgInt, duck: "BIGINT", pool: []string{"0", "1", "-1", "2", "5", "-7", "10", "25", "-50", "49"}},
		{name: "big", t: sgInt, huge: true, duck: "BIGINT", pool: []string{"0", "1", "-1", "9007199254740992", "9007199254740993", "-9007199254740993", "18014398509481984", "1000"}},
		{name: "f", t: sgFloat, duck: "DOUBLE", pool: []string{"0.0", "0.5", "-0.25", "1.5", "2.75", "-10.0", "100.25", "-2500.5", "1e3"}},
		{name: "s", t: sgStr, duck: "VARCHAR", pool: sgQuoteAll(sgStrings)},
		{name: "b", t: sgBool, duck: "BOOLEAN"},
		{name: "user.id", t: sgInt, pool: []string{"0", "1", "7", "42", "-3"}},
		{name: "user.tier", t: sgStr, pool: sgQuoteAll(sgTiers)},
		{name: "mx", t: sgMixed, pool: []string{"1", "0", "2.5", "'1'", "'abc'", "''", "TRUE", "10", "'10'"}},
	}
}

// sgDuckColumns is read_json's columns={...} for the non-key fields.
func sgDuckColumns() string {
	var parts []string
	for _, c := range sgSchema() {
		if c.duck != "" {
			parts = append(parts, fmt.Sprintf("%s: '%s'", c.name, c.duck))
		}
	}
	parts = append(parts, `"user": 'STRUCT(id BIGINT, tier VARCHAR)'`)
	return "columns = {" + strings.Join(parts, ", ") + "}"
}

func sgQuoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = sqlString(s)
	}
	return out
}

// sgGenRows writes rows JSON lines from seed. Every non-key member is NULL
// in about 8% of the rows and missing in about 8%.
func sgGenRows(seed uint64, rows int) []byte {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var b bytes.Buffer
	for i := 0; i < rows; i++ {
		var m []string // "name":value members, in order
		add := func(name string, value func() string) {
			switch x := r.IntN(100); {
			case x < 8:
				m = append(m, strconv.Quote(name)+":null")
			case x < 16:
				// missing
			default:
				m = append(m, strconv.Quote(name)+":"+value())
			}
		}
		m = append(m, `"day":`+sgJSONString(sgDays[r.IntN(len(sgDays))]))
		m = append(m, `"region":`+sgJSONString(sgRegions[r.IntN(len(sgRegions))]))
		if r.IntN(100) >= 2 { // id: rarely NULL or missing
			m = append(m, `"id":`+strconv.Itoa(i))
		} else if r.IntN(2) == 0 {
			m = append(m, `"id":null`)
		}
		add("n", func() string { return strconv.Itoa(r.IntN(101) - 50) })
		add("big", func() string { return strconv.FormatInt(sgBigValue(r), 10) })
		add("f", func() string { return sgJSONFloat(sgFloatValue(r)) })
		add("s", func() string { return sgJSONString(sgStringValue(r)) })
		add("b", func() string { return strconv.FormatBool(r.IntN(2) == 0) })
		add("user", func() string {
			var u []string
			switch x := r.IntN(100); {
			case x < 5:
				u = append(u, `"id":null`)
			case x < 15:
			default:
				u = append(u, `"id":`+strconv.Itoa(r.IntN(60)-5))
			}
			switch x := r.IntN(100); {
			case x < 5:
				u = append(u, `"tier":null`)
			case x < 15:
			default:
				u = append(u, `"tier":`+sgJSONString(sgTiers[r.IntN(len(sgTiers))]))
			}
			if r.IntN(2) == 0 && len(u) == 2 {
				u[0], u[1] = u[1], u[0] // member order must not matter
			}
			return "{" + strings.Join(u, ",") + "}"
		})
		add("mx", func() string { return sgMixedValues[r.IntN(len(sgMixedValues))] })
		// Key members first or not: the order of members must not matter.
		if r.IntN(4) == 0 {
			r.Shuffle(len(m), func(a, b int) { m[a], m[b] = m[b], m[a] })
		}
		b.WriteString("{" + strings.Join(m, ",") + "}\n")
	}
	return b.Bytes()
}

// sgBigValue is mostly small, sometimes just past 2^53 (where a DOUBLE can
// no longer tell neighbours apart), sometimes up to 2^55, either sign.
func sgBigValue(r *rand.Rand) int64 {
	var v int64
	switch x := r.IntN(10); {
	case x < 5:
		v = int64(r.IntN(2001) - 1000)
	case x < 8:
		v = sgPow53 + int64(r.IntN(5)) // 2^53 … 2^53+4
	case x < 9:
		v = sgPow53*2 + int64(r.IntN(1000))
	default:
		v = r.Int64N(4*sgPow53) + 1
	}
	if r.IntN(3) == 0 {
		v = -v
	}
	return v
}

// sgFloatValue is a multiple of 1/4 (every sum of a few thousand of them is
// exact in a DOUBLE, so SUM and AVG do not depend on the order rows are
// added in), with zeros and negatives.
func sgFloatValue(r *rand.Rand) float64 {
	switch x := r.IntN(20); {
	case x < 2:
		// No -0.0 in the data: MIN and MAX of a group holding 0.0 and
		// -0.0 may give either (they are equal), and 1/x or CAST AS
		// VARCHAR then tell them apart, in DuckDB from run to run.
		return 0
	case x < 3:
		return float64(r.IntN(21) - 10) // whole numbers, written 3.0
	case x < 4:
		return []float64{0.5, -0.25, 1.5, 2.75, 100.25, -2500.5}[r.IntN(6)]
	}
	return float64(r.IntN(80001)-40000) / 4
}

// sgJSONFloat writes a float so that every reader sees a DOUBLE: always with
// a fraction ("3.0", not "3", which our engine would read as an integer).
func sgJSONFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

func sgStringValue(r *rand.Rand) string {
	if r.IntN(10) < 7 {
		return sgStrings[r.IntN(len(sgStrings))]
	}
	const alphabet = "abcXYZ %_'한국가z0"
	runes := []rune(alphabet)
	n := r.IntN(8)
	var sb strings.Builder
	for range n {
		sb.WriteRune(runes[r.IntN(len(runes))])
	}
	return sb.String()
}

// sgJSONString writes s as a JSON string (no HTML escaping).
func sgJSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
