package parser

import (
	"github.com/lakesql/lakesql/sql/ast"
	"slices"
	"strconv"
	"strings"
)

// Keywords are the words lakesql knows, for completion.
var Keywords = []string{
	"SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "LIMIT", "OFFSET", "ASC", "DESC", "AS",
	"AND", "OR", "NOT", "IN", "BETWEEN", "IS", "NULL", "COUNT", "DISTINCT", "SUM", "MIN", "MAX", "AVG",
	"EXPLAIN", "ANALYZE", "SHOW", "LAKES", "PARTITIONS", "FILES", "LAYOUT", "SMALL", "DESCRIBE",
	"CREATE", "LAKE", "PARTITION", "ROWS", "ALTER", "COMPACT", "TARGET", "INTO", "DROP",
	"VACUUM", "DRY", "RUN", "CHECK", "COPY", "RATIO", "REWRITE", "ALL",
	"FOR", "DUCKDB", "SPARK", "TRINO", "PIVOT", "UNPIVOT", "USING", "NAME", "VALUE",
}

// Parse parses one statement (without its ';'): SELECT and EXPLAIN
// SELECT go through the SQL grammar; lake commands, and EXPLAIN ALTER LAKE
// … COMPACT, through our own.
//
// A syntax error caused by a misspelt keyword says what was meant.
func Parse(text string) (ast.Statement, error) {
	st, err := parse(text)
	if err != nil {
		return nil, suggestKeyword(err)
	}
	return st, nil
}

func parse(text string) (ast.Statement, error) {
	text, err := EStrings(text)
	if err != nil {
		return nil, err
	}
	if text, err = samples(text); err != nil {
		return nil, err
	}
	text = fromFirst(text) // DuckDB's FROM t SELECT …, written SELECT first
	// A SELECT goes to the SQL grammar before the lake statements' lexer
	// sees it: the two read quotes differently ('it\'s').
	if t := strings.TrimLeft(text, " \t\r\n"); strings.HasPrefix(t, "(") {
		return ParseQuery(text, 0) // (SELECT …) UNION (SELECT …)
	}
	if w := firstWords(text, 3); len(w) > 0 {
		switch {
		case w[0].is("SELECT"), w[0].is("WITH"):
			return ParseQuery(text, 0)
		case w[0].is("PIVOT"), w[0].is("PIVOT_WIDER"):
			return parsePivot(text)
		case w[0].is("UNPIVOT"), w[0].is("PIVOT_LONGER"):
			return parseUnpivot(text)
		case w[0].is("EXPLAIN"):
			i := 1
			if len(w) > i && w[i].is("ANALYZE") {
				i++
			}
			if len(w) > i && (w[i].is("SELECT") || w[i].is("WITH")) {
				q, err := ParseQuery(text, w[i].pos)
				if err != nil {
					return nil, err
				}
				if u, ok := q.(*ast.Union); ok {
					if i == 2 {
						return nil, NewSyntaxError(text, w[1].pos, "EXPLAIN ANALYZE of a UNION not supported (EXPLAIN shows each query's plan)")
					}
					return &ast.Explain{Union: u}, nil
				}
				return &ast.Explain{Analyze: i == 2, Select: q.(*ast.Select)}, nil
			}
		}
	}
	if w := firstWords(text, 1); len(w) == 1 && w[0].is("COPY") {
		if st, ok, err := copyQuery(text); ok {
			return st, err
		}
	}
	toks, err := lex(text)
	if err != nil {
		return nil, err
	}
	p := &parser{text: text, toks: toks}
	first := p.peek()
	switch strings.ToUpper(first.text) {
	case "EXPLAIN":
		p.next()
		e := &ast.Explain{}
		if p.isWord("ANALYZE") {
			p.next()
			e.Analyze = true
		}
		rest := p.peek()
		if p.isWord("ALTER") {
			if e.Analyze {
				return nil, p.errorf(rest, "EXPLAIN ANALYZE takes a SELECT; EXPLAIN ALTER LAKE … COMPACT shows a compaction's plan")
			}
			return p.explainCompact()
		}
		if !strings.EqualFold(rest.text, "SELECT") || rest.kind != tWord {
			return nil, p.errorf(rest, "expected SELECT or ALTER LAKE … COMPACT after EXPLAIN, found %s", rest)
		}
		sel, err := ParseSelect(text, rest.pos)
		if err != nil {
			return nil, err
		}
		e.Select = sel
		return e, nil
	}
	st, err := p.lakeCommand()
	if err != nil {
		return nil, err
	}
	return st, p.end()
}

// word is a leading word of a statement.
type word struct {
	text string
	pos  int
}

func (w word) is(s string) bool { return strings.EqualFold(w.text, s) }

// firstWords returns the first n tokens of text as the SQL grammar reads
// them, stopping at the first that is not a word.
func firstWords(text string, n int) []word {
	var out []word
	for _, t := range sqlTokens(text) {
		if !t.word || len(out) == n {
			break
		}
		out = append(out, word{text[t.pos:t.end], t.pos})
	}
	return out
}

// end checks that the statement ends here.
func (p *parser) end() error {
	if t := p.peek(); t.kind != tEOF {
		return p.errorf(t, "unexpected %s after the end of the statement", t)
	}
	return nil
}

// explainCompact reads ALTER LAKE lake COMPACT … after EXPLAIN.
func (p *parser) explainCompact() (ast.Statement, error) {
	if err := p.expect("ALTER", "LAKE"); err != nil {
		return nil, err
	}
	lake, err := p.lakeName()
	if err != nil {
		return nil, err
	}
	if !p.isWord("COMPACT") {
		t := p.peek()
		return nil, p.errorf(t, "EXPLAIN ALTER LAKE %s: expected COMPACT (only a compaction has a plan to show), found %s", lake, t)
	}
	p.next()
	c, err := p.compactOptions(lake)
	if err != nil {
		return nil, err
	}
	return ast.ExplainCompact{Compact: c}, p.end()
}

type parser struct {
	text string
	toks []token
	i    int
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) isWord(w string) bool {
	t := p.peek()
	return t.kind == tWord && strings.EqualFold(t.text, w)
}

func (p *parser) errorf(t token, format string, args ...any) error {
	return NewSyntaxError(p.text, t.pos, format, args...)
}

// expect consumes the keywords ws in order.
func (p *parser) expect(ws ...string) error {
	for _, w := range ws {
		if !p.isWord(w) {
			t := p.peek()
			return p.errorf(t, "expected %s, found %s", w, t)
		}
		p.next()
	}
	return nil
}

func (p *parser) lakeCommand() (ast.Statement, error) {
	t := p.next()
	if t.kind != tWord {
		return nil, p.errorf(t, "expected a statement (SELECT, EXPLAIN, SHOW, DESCRIBE, CREATE, COPY, ALTER, DROP, VACUUM, CHECK, SET), found %s", t)
	}
	switch strings.ToUpper(t.text) {
	case "SET", "RESET":
		name := p.next()
		if name.kind != tWord {
			return nil, p.errorf(name, "expected a setting's name (memory_limit, temp_directory), found %s", name)
		}
		st := ast.Set{Name: strings.ToLower(name.text), Reset: strings.EqualFold(t.text, "RESET")}
		if st.Reset {
			return st, nil
		}
		if p.peek().text == "=" || p.isWord("TO") {
			p.next()
		} else {
			return nil, p.errorf(p.peek(), "expected = or TO after SET %s, found %s", name.text, p.peek())
		}
		v := p.next()
		if v.kind != tString && v.kind != tWord {
			return nil, p.errorf(v, "expected a value for %s, such as '1GB', found %s", name.text, v)
		}
		st.Value = v.text
		return st, nil
	case "SHOW":
		what := p.next()
		switch strings.ToUpper(what.text) {
		case "LAKES", "TABLES": // SHOW TABLES, as DuckDB, MySQL and the .tables of SQLite's shell: the lakes are the tables
			return ast.ShowLakes{}, nil
		case "PARTITIONS":
			lake, err := p.lakeName()
			return ast.ShowPartitions{Lake: lake}, err
		case "FILES":
			lake, err := p.lakeName()
			return ast.ShowFiles{Lake: lake}, err
		case "LAYOUT":
			lake, err := p.lakeName()
			if err != nil {
				return nil, err
			}
			s := ast.ShowLayout{Lake: lake, Small: -1}
			if p.isWord("SMALL") {
				p.next()
				if s.Small, err = p.size(); err != nil {
					return nil, err
				}
			}
			return s, nil
		case "CREATE":
			return p.showCreateLake()
		}
		return nil, p.errorf(what, "expected LAKES, PARTITIONS, FILES, LAYOUT or CREATE LAKE after SHOW, found %s", what)
	case "DESCRIBE", "DESC":
		lake, err := p.lakeName()
		return ast.Describe{Lake: lake}, err
	case "CREATE":
		if err := p.expect("LAKE"); err != nil {
			return nil, err
		}
		lake, from, err := p.lakeFrom()
		if err != nil {
			return nil, err
		}
		if err := p.expect("PARTITION", "BY"); err != nil {
			return nil, err
		}
		key, err := p.fieldList()
		if err != nil {
			return nil, err
		}
		c := ast.CreateLake{Lake: lake, From: from, Key: key}
		c.MaxRows, err = p.maxRows()
		return c, err
	case "ALTER":
		if err := p.expect("LAKE"); err != nil {
			return nil, err
		}
		lake, err := p.lakeName()
		if err != nil {
			return nil, err
		}
		switch {
		case p.isWord("COMPACT"):
			p.next()
			return p.compactOptions(lake)
		case p.isWord("PARTITION"):
			p.next()
			if err := p.expect("BY"); err != nil {
				return nil, err
			}
			key, err := p.fieldList()
			if err != nil {
				return nil, err
			}
			r := ast.RepartitionLake{Lake: lake, Key: key}
			if p.isWord("INTO") {
				p.next()
				if r.Into, err = p.lakeName(); err != nil {
					return nil, err
				}
			}
			return r, nil
		}
		t := p.peek()
		return nil, p.errorf(t, "expected COMPACT or PARTITION BY after ALTER LAKE %s, found %s", lake, t)
	case "COPY":
		if p.isCopyTo() {
			return p.copyLakeTo()
		}
		lake, from, err := p.lakeFrom()
		if err != nil {
			return nil, err
		}
		c := ast.CopyLake{Lake: lake, From: from}
		c.MaxRows, err = p.maxRows()
		return c, err
	case "DROP":
		if err := p.expect("LAKE"); err != nil {
			return nil, err
		}
		lake, err := p.lakeName()
		return ast.DropLake{Lake: lake}, err
	case "VACUUM":
		if err := p.expect("LAKE"); err != nil {
			return nil, err
		}
		lake, err := p.lakeName()
		if err != nil {
			return nil, err
		}
		v := ast.VacuumLake{Lake: lake}
		if p.isWord("DRY") {
			p.next()
			if err := p.expect("RUN"); err != nil {
				return nil, err
			}
			v.DryRun = true
		}
		return v, nil
	case "CHECK":
		if err := p.expect("LAKE"); err != nil {
			return nil, err
		}
		lake, err := p.lakeName()
		return ast.CheckLake{Lake: lake}, err
	}
	return nil, p.errorf(t, "unknown statement %s (expected SELECT, EXPLAIN, SHOW, DESCRIBE, CREATE, COPY, ALTER, DROP, VACUUM or CHECK)", t)
}

// lakeFrom reads `lake FROM 'file'` (CREATE LAKE, COPY … FROM).
func (p *parser) lakeFrom() (lake, from string, err error) {
	if lake, err = p.lakeName(); err != nil {
		return "", "", err
	}
	if err := p.expect("FROM"); err != nil {
		return "", "", err
	}
	src := p.next()
	if src.kind != tString {
		return "", "", p.errorf(src, "expected a quoted file name after FROM, found %s", src)
	}
	return lake, src.text, nil
}

// maxRows reads an optional MAX ROWS n; 0 when absent.
func (p *parser) maxRows() (int64, error) {
	if !p.isWord("MAX") {
		return 0, nil
	}
	p.next()
	if err := p.expect("ROWS"); err != nil {
		return 0, err
	}
	return p.count()
}

// showCreateLake reads LAKE lake FOR engine after SHOW CREATE.
func (p *parser) showCreateLake() (ast.Statement, error) {
	if err := p.expect("LAKE"); err != nil {
		return nil, err
	}
	lake, err := p.lakeName()
	if err != nil {
		return nil, err
	}
	if err := p.expect("FOR"); err != nil {
		return nil, err
	}
	t := p.next()
	engine := strings.ToLower(t.text)
	if t.kind != tWord || !slices.Contains(ast.Engines, engine) {
		return nil, p.errorf(t, "expected DUCKDB, SPARK or TRINO after FOR, found %s", t)
	}
	return ast.ShowCreateLake{Lake: lake, Engine: engine}, nil
}

// compactOptions reads what may follow ALTER LAKE lake COMPACT: TARGET
// size, SMALL RATIO r and REWRITE ALL, in any order, each at most once,
// SMALL RATIO and REWRITE ALL not together.
func (p *parser) compactOptions(lake string) (ast.CompactLake, error) {
	c := ast.CompactLake{Lake: lake, Target: -1}
	var target, ratio, rewrite bool // given already
	for {
		t := p.peek()
		switch {
		case p.isWord("TARGET"):
			if target {
				return c, p.errorf(t, "TARGET given twice")
			}
			target = true
			p.next()
			var err error
			if c.Target, err = p.size(); err != nil {
				return c, err
			}
			if c.Target < 1 {
				return c, p.errorf(p.toks[p.i-1], "TARGET must be at least 1 byte")
			}
		case p.isWord("SMALL"):
			if ratio {
				return c, p.errorf(t, "SMALL RATIO given twice")
			}
			if rewrite {
				return c, p.errorf(t, "SMALL RATIO cannot go with REWRITE ALL, which rewrites every file")
			}
			ratio = true
			p.next()
			if err := p.expect("RATIO"); err != nil {
				return c, err
			}
			var err error
			if c.SmallRatio, err = p.ratio(); err != nil {
				return c, err
			}
		case p.isWord("REWRITE"):
			if rewrite {
				return c, p.errorf(t, "REWRITE ALL given twice")
			}
			if ratio {
				return c, p.errorf(t, "REWRITE ALL cannot go with SMALL RATIO: REWRITE ALL rewrites every file, SMALL RATIO keeps the large ones")
			}
			rewrite = true
			p.next()
			if err := p.expect("ALL"); err != nil {
				return c, err
			}
			c.RewriteAll = true
		case t.kind == tEOF:
			return c, nil
		default:
			return c, p.errorf(t, "expected TARGET, SMALL RATIO, REWRITE ALL or the end of the statement, found %s", t)
		}
	}
}

// ratio reads a decimal number in (0, 1], such as 0.7.
func (p *parser) ratio() (float64, error) {
	t := p.next()
	digits := strings.Replace(t.text, ".", "", 1)
	ok := t.kind == tWord && digits != "" && strings.Trim(digits, "0123456789") == ""
	r, err := strconv.ParseFloat(t.text, 64)
	if !ok || err != nil {
		return 0, p.errorf(t, "expected a ratio such as 0.7 after SMALL RATIO, found %s", t)
	}
	if !(r > 0 && r <= 1) {
		return 0, p.errorf(t, "SMALL RATIO must be more than 0 and at most 1, found %s", t)
	}
	return r, nil
}

// lakeName reads a lake name: a word or `quoted` name of [A-Za-z0-9._-].
func (p *parser) lakeName() (string, error) {
	t := p.next()
	if t.kind != tWord && t.kind != tIdent {
		return "", p.errorf(t, "expected a lake name, found %s", t)
	}
	for i := 0; i < len(t.text); i++ {
		if !isWordByte(t.text[i]) {
			return "", p.errorf(t, "bad lake name %s: use only letters, digits, '.', '_' and '-'", t)
		}
	}
	if t.text == "" || t.text == "." || t.text == ".." {
		return "", p.errorf(t, "bad lake name %s", t)
	}
	return t.text, nil
}

// fieldList reads ( field [, field]* ).
func (p *parser) fieldList() ([]string, error) {
	if t := p.next(); t.text != "(" || t.kind != tPunct {
		return nil, p.errorf(t, "expected '(', found %s", t)
	}
	var fields []string
	for {
		t := p.next()
		if (t.kind != tWord && t.kind != tIdent) || t.text == "" {
			return nil, p.errorf(t, "expected a field name, found %s", t)
		}
		for _, f := range fields {
			if f == t.text {
				return nil, p.errorf(t, "field %s listed twice", t)
			}
		}
		fields = append(fields, t.text)
		sep := p.next()
		if sep.kind == tPunct && sep.text == ")" {
			return fields, nil
		}
		if sep.kind != tPunct || sep.text != "," {
			return nil, p.errorf(sep, "expected ',' or ')', found %s", sep)
		}
	}
}

// count reads a non-negative integer.
func (p *parser) count() (int64, error) {
	t := p.next()
	n, err := strconv.ParseInt(t.text, 10, 64)
	if t.kind != tWord || err != nil || n < 0 {
		return 0, p.errorf(t, "expected a whole number, found %s", t)
	}
	return n, nil
}

// size reads a byte size: 4096, 64KB, 64 KiB, 1MB, 1GiB (KB = 1000 bytes,
// KiB = 1024, and so on up to TB/TiB).
func (p *parser) size() (int64, error) {
	t := p.next()
	if t.kind != tWord {
		return 0, p.errorf(t, "expected a size such as 4096, 64KB or 1MiB, found %s", t)
	}
	digits := strings.TrimRightFunc(t.text, func(r rune) bool { return !('0' <= r && r <= '9') })
	unit := t.text[len(digits):]
	if unit == "" {
		if u := p.peek(); u.kind == tWord && sizeUnit(u.text) > 0 {
			unit = p.next().text
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	mult := int64(1)
	if unit != "" {
		mult = sizeUnit(unit)
	}
	if err != nil || n < 0 || mult == 0 || n > (1<<62)/mult {
		return 0, p.errorf(t, "expected a size such as 4096, 64KB or 1MiB, found %s", t)
	}
	return n * mult, nil
}

func sizeUnit(u string) int64 {
	switch strings.ToUpper(u) {
	case "B":
		return 1
	case "KB":
		return 1000
	case "KIB":
		return 1 << 10
	case "MB":
		return 1000 * 1000
	case "MIB":
		return 1 << 20
	case "GB":
		return 1000 * 1000 * 1000
	case "GIB":
		return 1 << 30
	case "TB":
		return 1000 * 1000 * 1000 * 1000
	case "TIB":
		return 1 << 40
	}
	return 0
}

// ParseSize reads a byte size as SET memory_limit takes it: '100MB',
// '1GiB', '512 KiB' or a number of bytes (KB = 1000 bytes, KiB = 1024, …).
func ParseSize(text string) (int64, error) {
	toks, err := lex(text)
	if err == nil {
		p := &parser{text: text, toks: toks}
		var n int64
		if n, err = p.size(); err == nil && p.peek().kind == tEOF {
			return n, nil
		}
	}
	return 0, NewSyntaxError(text, 0, "expected a size such as 100MB or 1GiB, found %q", text)
}
