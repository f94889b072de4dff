package sql

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/parser"
	"github.com/lakesql/lakesql/sql/types"
)

// TestBind: a statement with ? placeholders, bound, answers as the same
// statement with the constants typed in its place (the engine is the
// oracle), wherever the placeholders are.
func TestBind(t *testing.T) {
	s := fixedLake(t, []string{"g"},
		`{"g":"a","n":1,"s":"x"}`, `{"g":"a","n":2,"s":"it's"}`,
		`{"g":"b","n":10,"s":"x"}`, `{"g":"b","n":null,"s":"?"}`)
	for name, tc := range map[string]struct {
		query string
		args  []Value
		typed string
	}{
		"where":     {"SELECT n FROM t WHERE g = ? AND n > ?", []Value{StrValue("a"), IntValue(1)}, "SELECT n FROM t WHERE g = 'a' AND n > 1"},
		"quote":     {"SELECT n FROM t WHERE s = ?", []Value{StrValue("it's")}, "SELECT n FROM t WHERE s = 'it''s'"},
		"quoted ?":  {"SELECT n, '?' FROM t WHERE s = ? OR s = '?'", []Value{StrValue("x")}, "SELECT n, '?' FROM t WHERE s = 'x' OR s = '?'"},
		"injection": {"SELECT COUNT(*) FROM t WHERE g = ?", []Value{StrValue("' OR 1=1 --")}, "SELECT COUNT(*) FROM t WHERE g = ''' OR 1=1 --'"},
		"null":      {"SELECT COUNT(*) FROM t WHERE n = ? OR ? IS NULL", []Value{{}, {}}, "SELECT COUNT(*) FROM t WHERE n = NULL OR NULL IS NULL"},
		"items":     {"SELECT ? + n, ? FROM t ORDER BY n", []Value{IntValue(100), types.BoolValue(true)}, "SELECT 100 + n, true FROM t ORDER BY n"},
		"group":     {"SELECT g, SUM(n) FROM t GROUP BY g HAVING SUM(n) > ? ORDER BY g", []Value{IntValue(3)}, "SELECT g, SUM(n) FROM t GROUP BY g HAVING SUM(n) > 3 ORDER BY g"},
		"in":        {"SELECT n FROM t WHERE n IN (?, ?) ORDER BY n", []Value{IntValue(2), IntValue(10)}, "SELECT n FROM t WHERE n IN (2, 10) ORDER BY n"},
		"subquery":  {"SELECT n FROM t WHERE n > (SELECT MIN(n) FROM t WHERE g = ?) AND g = ?", []Value{StrValue("a"), StrValue("a")}, "SELECT n FROM t WHERE n > (SELECT MIN(n) FROM t WHERE g = 'a') AND g = 'a'"},
		"derived":   {"SELECT COUNT(*) FROM (SELECT n FROM t WHERE n < ?) AS d WHERE n > ?", []Value{IntValue(5), IntValue(1)}, "SELECT COUNT(*) FROM (SELECT n FROM t WHERE n < 5) AS d WHERE n > 1"},
		"join":      {"SELECT COUNT(*) FROM t AS a JOIN t AS b ON a.g = b.g AND b.n > ? WHERE a.n < ?", []Value{IntValue(1), IntValue(5)}, "SELECT COUNT(*) FROM t AS a JOIN t AS b ON a.g = b.g AND b.n > 1 WHERE a.n < 5"},
		"union":     {"SELECT n FROM t WHERE n = ? UNION ALL SELECT n FROM t WHERE n = ? ORDER BY 1", []Value{IntValue(1), IntValue(10)}, "SELECT n FROM t WHERE n = 1 UNION ALL SELECT n FROM t WHERE n = 10 ORDER BY 1"},
		"with":      {"WITH c AS (SELECT n FROM t WHERE g = ?), d AS (SELECT n FROM c WHERE n > ?) SELECT COUNT(*) FROM d WHERE n < ?", []Value{StrValue("b"), IntValue(0), IntValue(100)}, "WITH c AS (SELECT n FROM t WHERE g = 'b'), d AS (SELECT n FROM c WHERE n > 0) SELECT COUNT(*) FROM d WHERE n < 100"},
		"concat":    {"SELECT GROUP_CONCAT(s ORDER BY n + ?) FROM t WHERE n IS NOT NULL", []Value{IntValue(1)}, "SELECT GROUP_CONCAT(s ORDER BY n + 1) FROM t WHERE n IS NOT NULL"},
		"float":     {"SELECT COUNT(*) FROM t WHERE n > ?", []Value{types.FloatValue(1.5)}, "SELECT COUNT(*) FROM t WHERE n > CAST(1.5 AS DOUBLE)"},
		"cast":      {"SELECT COUNT(*) FROM t WHERE n > ?::INT AND CAST(? AS DOUBLE) < 2", []Value{StrValue("1"), IntValue(1)}, "SELECT COUNT(*) FROM t WHERE n > '1'::INT AND CAST(1 AS DOUBLE) < 2"},
		"explain":   {"EXPLAIN SELECT n FROM t WHERE g = ?", []Value{StrValue("b")}, "EXPLAIN SELECT n FROM t WHERE g = 'b'"},
	} {
		t.Run(name, func(t *testing.T) {
			st, err := parser.Parse(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			if n, err := Params(st); err != nil || n != len(tc.args) {
				t.Fatalf("Params: got %d, %v, want %d", n, err, len(tc.args))
			}
			before := st.String()
			bound, err := Bind(st, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Run(context.Background(), bound)
			if err != nil {
				t.Fatal(err)
			}
			want := query(t, s, tc.typed)
			if table(got) != table(want) {
				t.Errorf("got\n%s\nwant\n%s", table(got), table(want))
			}
			if st.String() != before {
				t.Errorf("Bind changed the statement it was given: %s", st)
			}
		})
	}
}

func TestBindErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		query string
		args  int
		want  string
	}{
		"too few":   {"SELECT ? , ?", 1, "the statement has 2 placeholders, given 1 argument"},
		"too many":  {"SELECT ?", 2, "the statement has 1 placeholder, given 2 arguments"},
		"none":      {"SELECT '?'", 1, "the statement has 0 placeholders, given 1 argument"},
		"lake":      {"SHOW LAKES", 1, "the statement has 0 placeholders, given 1 argument"},
		"named":     {"SELECT :x", 0, "a named parameter (write ?) not supported"},
		"named too": {"SELECT ?, :v1", 1, "a named parameter (write ?) not supported"},
		"limit":     {"SELECT n FROM t LIMIT ?", 1, "line 1, column 23: a ? placeholder in LIMIT or OFFSET not supported (write the number)"},
		"name":      {"SELECT n FROM ?", 1, "line 1, column 15: unexpected '?'"},
	} {
		t.Run(name, func(t *testing.T) {
			st, err := parser.Parse(tc.query)
			if err == nil {
				_, err = Bind(st, make([]Value, tc.args))
				if !errors.Is(err, ErrArgs) {
					t.Errorf("got %v, want ErrArgs", err)
				}
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
