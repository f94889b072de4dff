package parser

import (
	"strings"

	"github.com/lakesql/lakesql/sql/ast"
)

// copyQuery reads COPY (query) TO …: the query through the SQL grammar,
// up to the parenthesis that closes it, and the rest through the lake
// statements' own. ok is false when text is not COPY followed by '('.
func copyQuery(text string) (st ast.Statement, ok bool, err error) {
	toks := sqlTokens(text)
	punct := func(k int, s string) bool { return !toks[k].word && text[toks[k].pos:toks[k].end] == s }
	if len(toks) < 2 || !punct(1, "(") {
		return nil, false, nil
	}
	end, depth := -1, 0
	for k := 1; k < len(toks) && end < 0; k++ {
		switch {
		case punct(k, "("):
			depth++
		case punct(k, ")"):
			if depth--; depth == 0 {
				end = toks[k].pos
			}
		}
	}
	if end < 0 {
		return nil, true, NewSyntaxError(text, toks[1].pos, "no ')' closes the query of COPY (…)")
	}
	q, err := ParseQuery(text[:end], toks[1].pos+1)
	if err != nil {
		return nil, true, err
	}
	rest, err := lex(text[end+1:])
	if err != nil {
		return nil, true, err
	}
	for i := range rest {
		rest[i].pos += end + 1
	}
	p := &parser{text: text, toks: rest}
	c := ast.CopyTo{Query: q}
	if err := p.copyTo(&c); err != nil {
		return nil, true, err
	}
	return c, true, p.end()
}

// isCopyTo reports whether the lake statement at p is COPY lake TO, its
// COPY read.
func (p *parser) isCopyTo() bool {
	t := p.toks[min(p.i+1, len(p.toks)-1)]
	return t.kind == tWord && strings.EqualFold(t.text, "TO")
}

// copyLakeTo reads lake TO … after COPY.
func (p *parser) copyLakeTo() (ast.Statement, error) {
	lake, err := p.lakeName()
	if err != nil {
		return nil, err
	}
	c := ast.CopyTo{Lake: lake}
	return c, p.copyTo(&c)
}

// copyTo reads TO 'path' [(option [value], …)].
func (p *parser) copyTo(c *ast.CopyTo) error {
	if err := p.expect("TO"); err != nil {
		return err
	}
	t := p.next()
	if t.kind != tString {
		return p.errorf(t, "expected a quoted file or folder name after TO, found %s", t)
	}
	c.To = t.text
	if t := p.peek(); t.kind != tPunct || t.text != "(" {
		return nil
	}
	p.next()
	given := map[string]bool{}
	for {
		t := p.next()
		name := strings.ToUpper(t.text)
		if t.kind != tWord {
			return p.errorf(t, "expected a COPY option (FORMAT, HEADER, PARTITION_BY, OVERWRITE), found %s", t)
		}
		if given[name] {
			return p.errorf(t, "%s given twice", name)
		}
		given[name] = true
		switch name {
		case "FORMAT":
			v := p.next()
			c.Format = strings.ToLower(v.text)
			if (v.kind != tWord && v.kind != tString) || (c.Format != "csv" && c.Format != "json" && c.Format != "parquet") {
				return p.errorf(v, "expected csv, json or parquet after FORMAT, found %s", v)
			}
		case "HEADER":
			h, err := p.optionBool()
			if err != nil {
				return err
			}
			c.NoHeader = !h
		case "PARTITION_BY":
			if u := p.peek(); u.kind == tPunct && u.text == "(" {
				key, err := p.fieldList()
				if err != nil {
					return err
				}
				c.PartitionBy = key
				break
			}
			f := p.next()
			if (f.kind != tWord && f.kind != tIdent) || f.text == "" {
				return p.errorf(f, "expected a column or (columns) after PARTITION_BY, found %s", f)
			}
			c.PartitionBy = []string{f.text}
		case "OVERWRITE":
			var err error
			if c.Overwrite, err = p.optionBool(); err != nil {
				return err
			}
		case "OVERWRITE_OR_IGNORE":
			return p.errorf(t, "OVERWRITE_OR_IGNORE not supported: OVERWRITE replaces the whole folder")
		default:
			return p.errorf(t, "unknown COPY option %s (FORMAT, HEADER, PARTITION_BY, OVERWRITE)", t)
		}
		sep := p.next()
		if sep.kind == tPunct && sep.text == ")" {
			return nil
		}
		if sep.kind != tPunct || sep.text != "," {
			return p.errorf(sep, "expected ',' or ')', found %s", sep)
		}
	}
}

// optionBool reads an option's optional boolean: true when there is none.
func (p *parser) optionBool() (bool, error) {
	t := p.peek()
	if t.kind != tWord && t.kind != tString {
		return true, nil
	}
	switch strings.ToLower(t.text) {
	case "true", "1", "on":
		p.next()
		return true, nil
	case "false", "0", "off":
		p.next()
		return false, nil
	}
	return false, p.errorf(t, "expected true or false, found %s", t)
}
