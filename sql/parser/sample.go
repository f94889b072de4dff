package parser

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// sampleSpec is the sample of DuckDB's USING SAMPLE and TABLESAMPLE, after
// the keyword: a number of rows (n, n ROWS, reservoir(n ROWS)) or a
// percentage (n%, n PERCENT, bernoulli(n%), system(n%)), then perhaps the
// method and a seed in parentheses, and REPEATABLE (seed).
var sampleSpec = regexp.MustCompile(`(?i)^\s*(?:(reservoir|bernoulli|system)\s*\(\s*([0-9]+(?:\.[0-9]*)?)\s*(%|percent\b|rows\b)?\s*\)|([0-9]+(?:\.[0-9]*)?)\s*(%|percent\b|rows\b)?)(?:\s*\(\s*(reservoir|bernoulli|system)\s*(,\s*[0-9]+\s*)?\))?(\s*repeatable\s*\(\s*[0-9]+\s*\))?`)

// usingSample writes DuckDB's sampling of one table, FROM t [[AS] a]
// USING SAMPLE spec (or t [[AS] a] TABLESAMPLE spec), as a filter or a
// derived table of t's rows that the spec keeps, named as t is:
//
//   - a percentage p keeps each row with chance p/100, as DuckDB's
//     bernoulli sampling does: random() < p/100 joins the query's WHERE.
//     DuckDB's system sampling, its default for a percentage, keeps or
//     drops whole vectors of 2048 rows: the same share of rows on
//     average, less evenly spread;
//   - a number of rows n keeps n rows chosen uniformly (fewer when t has
//     fewer), as DuckDB's reservoir: (SELECT * FROM t ORDER BY random()
//     LIMIT n), whose top n hold n rows in memory (and go to disk past
//     the memory limit).
//
// Each run draws anew: a seed (REPEATABLE, or the method's) is refused,
// as is a reservoir of a percentage and a sample of a join. It reports
// whether it rewrote text.
func usingSample(text string) (string, bool, error) {
	tk := tokens{text, sqlTokens(text)}
	for k := range tk.toks {
		spec := -1 // the token after the keyword
		var key int
		switch {
		case tk.word(k, "USING") && tk.word(k+1, "SAMPLE"):
			spec, key = k+2, k
		case tk.word(k, "TABLESAMPLE"):
			spec, key = k+1, k
		default:
			continue
		}
		if spec >= len(tk.toks) {
			return text, false, NewSyntaxError(text, tk.toks[key].pos, "a sample needs its size: USING SAMPLE 10%% or USING SAMPLE 100 ROWS")
		}
		from, name, alias, ok := sampledTable(tk, key)
		if !ok {
			return text, false, NewSyntaxError(text, tk.toks[key].pos, "%s here not supported: it samples one table, FROM t [AS a] USING SAMPLE …", tk.at(key))
		}
		rest := text[tk.toks[spec].pos:]
		m := sampleSpec.FindStringSubmatchIndex(rest)
		if m == nil {
			return text, false, NewSyntaxError(text, tk.toks[spec].pos, "unexpected sample size: write USING SAMPLE 10%% or USING SAMPLE 100 ROWS")
		}
		part := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return strings.ToLower(strings.TrimSpace(rest[m[2*i]:m[2*i+1]]))
		}
		method, num, unit := part(1), part(2), part(3)
		if method == "" {
			num, unit = part(4), part(5)
		}
		if part(6) != "" && method != "" {
			return text, false, NewSyntaxError(text, tk.toks[spec].pos, "a sample with two methods not supported")
		}
		if method == "" {
			method = part(6)
		}
		if part(7) != "" || part(8) != "" {
			return text, false, NewSyntaxError(text, tk.toks[spec].pos, "a sample's seed (REPEATABLE) not supported: each run draws anew")
		}
		percent := unit == "%" || unit == "percent"
		if unit == "" {
			percent = method == "bernoulli" || method == "system"
		}
		var sub string
		if percent {
			if method == "reservoir" {
				return text, false, NewSyntaxError(text, tk.toks[spec].pos, "a reservoir of a percentage not supported: write a number of rows, or bernoulli(…%%)")
			}
			p, err := strconv.ParseFloat(num, 64)
			if err != nil || p > 100 {
				return text, false, NewSyntaxError(text, tk.toks[spec].pos, "a sample's percentage is from 0 to 100, not %s", num)
			}
			// The query's own WHERE takes the draw: a row is kept or not
			// whatever the others do, so before or after the WHERE is
			// one (and a derived table would hold only the fields of the
			// lake's first rows, as its * does).
			draw := "random() < " + strconv.FormatFloat(p/100, 'g', -1, 64)
			end := tk.toks[spec].pos + m[1]
			after := tk.toks[key].pos // the query goes on here, the sample dropped
			k := spec
			for k < len(tk.toks) && tk.toks[k].pos < end {
				k++
			}
			if !tk.word(k, "WHERE") {
				return text[:after] + "WHERE " + draw + " " + text[end:], true, nil
			}
			stop := whereEnd(tk, k+1)
			condEnd := len(text)
			if stop < len(tk.toks) {
				condEnd = tk.toks[stop].pos
			}
			cond := text[tk.toks[k].end:condEnd]
			return text[:after] + "WHERE " + draw + " AND (" + cond + ") " + text[condEnd:], true, nil
		} else {
			if method == "bernoulli" || method == "system" {
				return text, false, NewSyntaxError(text, tk.toks[spec].pos, "%s sampling of a number of rows not supported: write a percentage, or reservoir(…)", method)
			}
			n, err := strconv.ParseInt(num, 10, 64)
			if err != nil {
				return text, false, NewSyntaxError(text, tk.toks[spec].pos, "a sample's number of rows is a whole number, not %s", num)
			}
			sub = fmt.Sprintf("SELECT * FROM %s ORDER BY random() LIMIT %d", name, n)
		}
		end := tk.toks[spec].pos + m[1]
		sep := "" // the spec's match took the space before the next clause
		if end < len(text) && (text[end-1] == ' ' || text[end-1] == '\t' || text[end-1] == '\n') {
			sep = " "
		}
		return text[:tk.toks[from].pos] + "FROM (" + sub + ") AS " + alias + sep + text[end:], true, nil
	}
	return text, false, nil
}

// sampledTable reads the table that the sample keyword at token key
// samples: FROM t, FROM t a or FROM t AS a just before it (t one name,
// plain or quoted). It returns the FROM token, t's text and the name the
// derived table takes.
func sampledTable(tk tokens, key int) (from int, name, alias string, ok bool) {
	isName := func(k int) bool {
		if k < 0 || k >= len(tk.toks) {
			return false
		}
		s := tk.at(k)
		return tk.toks[k].word && !isKeyword(s) || s[0] == '"' || s[0] == '`'
	}
	switch {
	case tk.word(key-4, "FROM") && isName(key-3) && tk.word(key-2, "AS") && isName(key-1):
		return key - 4, tk.at(key - 3), tk.at(key - 1), true
	case tk.word(key-3, "FROM") && isName(key-2) && isName(key-1):
		return key - 3, tk.at(key - 2), tk.at(key - 1), true
	case tk.word(key-2, "FROM") && isName(key-1):
		return key - 2, tk.at(key - 1), tk.at(key - 1), true
	}
	return 0, "", "", false
}

// whereEnd returns the index of the token that ends the condition of a
// WHERE whose first token is k: the next clause's keyword, a ';', or the
// ')' of the parentheses around the query, at depth 0; len(tk.toks) at
// the end.
func whereEnd(tk tokens, k int) int {
	depth := 0
	for ; k < len(tk.toks); k++ {
		switch {
		case tk.punct(k, "("):
			depth++
		case tk.punct(k, ")"):
			if depth--; depth < 0 {
				return k
			}
		case depth == 0 && (tk.punct(k, ";") || tk.word(k, "GROUP") || tk.word(k, "HAVING") || tk.word(k, "WINDOW") ||
			tk.word(k, "QUALIFY") || tk.word(k, "ORDER") || tk.word(k, "LIMIT") || tk.word(k, "OFFSET") || tk.word(k, "FETCH") ||
			tk.word(k, "UNION") || tk.word(k, "EXCEPT") || tk.word(k, "INTERSECT")):
			return k
		}
	}
	return k
}

// samples applies usingSample until no sample is left.
func samples(text string) (string, error) {
	if !strings.Contains(strings.ToUpper(text), "SAMPLE") {
		return text, nil // no statement tokenized for it
	}
	for range 64 {
		out, did, err := usingSample(text)
		if err != nil || !did {
			return out, err
		}
		text = out
	}
	return text, nil
}
