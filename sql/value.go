package sql

import (
	"bytes"
	"cmp"
	"strconv"

	"github.com/lakesql/lakesql/storage"
)

// cmpOp compares with c = -1, 0 or 1 the way op asks.
func cmpOp(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "!=", "<>":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	panic("sql: unknown comparison " + op) // the parsers only build the ops above
}

func truth(b bool) Truth {
	if b {
		return True
	}
	return False
}

// compareLit compares a row value, given as its kind and its text (a
// string's content, or JSON text), with a literal.
func compareLit(kind storage.Kind, text []byte, op string, l Lit) Truth {
	if kind == storage.Missing || kind == storage.Null {
		return Unknown
	}
	switch l.Kind {
	case LitString:
		return truth(cmpOp(op, bytes.Compare(text, []byte(l.Str))))
	case LitNumber:
		if kind != storage.Number {
			return Unknown
		}
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil {
			return Unknown
		}
		return truth(cmpOp(op, cmp.Compare(f, l.Num)))
	case LitBool:
		if kind != storage.Bool {
			return Unknown
		}
		return truth(cmpOp(op, cmpBool(text[0] == 't', l.Bool)))
	}
	return Unknown
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// compareVals compares two row values: numerically when both are numbers,
// by text otherwise.
func compareVals(ka storage.Kind, ta []byte, op string, kb storage.Kind, tb []byte) Truth {
	if ka == storage.Missing || ka == storage.Null || kb == storage.Missing || kb == storage.Null {
		return Unknown
	}
	if ka == storage.Number && kb == storage.Number {
		fa, err1 := strconv.ParseFloat(string(ta), 64)
		fb, err2 := strconv.ParseFloat(string(tb), 64)
		if err1 == nil && err2 == nil {
			return truth(cmpOp(op, cmp.Compare(fa, fb)))
		}
	}
	return truth(cmpOp(op, bytes.Compare(ta, tb)))
}

// litKind returns the kind and text of a literal as if it were a row value.
func litKind(l Lit) (storage.Kind, []byte) {
	switch l.Kind {
	case LitString:
		return storage.String, []byte(l.Str)
	case LitNumber:
		return storage.Number, []byte(l.Str)
	case LitBool:
		return storage.Bool, []byte(strconv.FormatBool(l.Bool))
	}
	return storage.Null, nil
}

// flip returns the operator for swapped operands: a < b is b > a.
func flip(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}
