package function

import (
	"fmt"
	"strings"

	"github.com/lakesql/lakesql/sql/types"
)

// DuckDB's functions over path text: PARSE_FILENAME, PARSE_DIRNAME,
// PARSE_DIRPATH and PARSE_PATH. The separator option is 'system' (/
// here), 'forward_slash', 'backslash', or 'both_slash' (either; also
// any other text, and NULL, as DuckDB reads them).

func init() {
	register(
		&Scalar{Name: "PARSE_FILENAME", MinArgs: 1, MaxArgs: 3, Fn: parseFilenameFn,
			Signature: "PARSE_FILENAME(path[, trim_extension][, separator])",
			Summary:   "The last part of path, after its last separator; with trim_extension true, without the part from its last '.'."},
		&Scalar{Name: "PARSE_DIRNAME", MinArgs: 1, MaxArgs: 2, Fn: pathFn("PARSE_DIRNAME", parseDirname),
			Signature: "PARSE_DIRNAME(path[, separator])",
			Summary:   "The first part of path, before its first separator ('/' when path starts with one; '' when it has none)."},
		&Scalar{Name: "PARSE_DIRPATH", MinArgs: 1, MaxArgs: 2, Fn: pathFn("PARSE_DIRPATH", parseDirpath),
			Signature: "PARSE_DIRPATH(path[, separator])",
			Summary:   "path before its last separator ('' when it has none, or only a first one)."},
		&Scalar{Name: "PARSE_PATH", MinArgs: 1, MaxArgs: 2, Fn: pathFn("PARSE_PATH", parsePath),
			Signature: "PARSE_PATH(path[, separator])",
			Summary:   "The list of path's parts, a leading separator the first, empty parts left out: '/a//b' is ['/', 'a', 'b']."},
	)
}

// pathSeparators reads the separator option ("" for the default).
func pathSeparators(name string, opt types.Value) (string, error) {
	if opt.K == types.Null {
		return `/\`, nil
	}
	if opt.K != types.String {
		return "", fmt.Errorf("%w: %s's separator is 'system', 'both_slash', 'forward_slash' or 'backslash', not %s", ErrArgs, name, quote(opt))
	}
	switch opt.S {
	case "system", "forward_slash":
		return "/", nil
	case "backslash":
		return `\`, nil
	}
	return `/\`, nil
}

// pathFn is a path function of (path[, separator]).
func pathFn(name string, f func(path, seps string) types.Value) Eval {
	return func(a []types.Value) (types.Value, error) {
		if a[0].K == types.Null {
			return types.Value{}, nil
		}
		var opt types.Value
		if len(a) == 2 {
			opt = a[1]
		}
		seps, err := pathSeparators(name, opt)
		if err != nil {
			return types.Value{}, err
		}
		return f(text(a[0]), seps), nil
	}
}

func parseFilenameFn(a []types.Value) (types.Value, error) {
	if a[0].K == types.Null {
		return types.Value{}, nil
	}
	var trim, opt types.Value
	switch {
	case len(a) == 2 && a[1].K == types.Bool:
		trim = a[1]
	case len(a) == 2:
		opt = a[1]
	case len(a) == 3:
		trim, opt = a[1], a[2]
	}
	if trim.K != types.Null && trim.K != types.Bool {
		return types.Value{}, fmt.Errorf("%w: PARSE_FILENAME's trim_extension is a boolean, not %s", ErrArgs, quote(trim))
	}
	seps, err := pathSeparators("PARSE_FILENAME", opt)
	if err != nil {
		return types.Value{}, err
	}
	path := text(a[0])
	name := path[strings.LastIndexAny(path, seps)+1:]
	if trim.K == types.Bool && trim.I != 0 {
		if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
			name = name[:dot]
		}
	}
	return types.StringValue(name), nil
}

func parseDirname(path, seps string) types.Value {
	switch i := strings.IndexAny(path, seps); {
	case i < 0:
		return types.StringValue("")
	case i == 0:
		return types.StringValue(path[:1])
	default:
		return types.StringValue(path[:i])
	}
}

func parseDirpath(path, seps string) types.Value {
	i := strings.LastIndexAny(path, seps)
	if i == 0 && len(path) == 1 {
		i = 1 // the path is a separator
	}
	return types.StringValue(path[:max(i, 0)])
}

func parsePath(path, seps string) types.Value {
	parts := []string{}
	if path != "" && strings.ContainsRune(seps, rune(path[0])) {
		parts = append(parts, path[:1])
	}
	for _, p := range strings.FieldsFunc(path, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		parts = append(parts, p)
	}
	return textList(parts)
}
