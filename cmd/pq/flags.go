package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lakesql/lakesql/internal/suggest"

	"github.com/lakesql/lakesql/catalog"
)

// errUsage marks a bad command line: exit 2, before anything is touched.
var errUsage = errors.New("usage")

func usagef(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// args is a parsed command line: one work folder and --name=value flags.
type args struct {
	cmd     string
	workdir string
	flags   map[string]string
	stderr  io.Writer // where a progress bar may go (only a terminal gets one)
}

// boolFlags take no value: given alone they are true; --name=true and
// --name=false also work. "--name value" would be ambiguous with the work
// folder, so a boolean never takes the next argument.
var boolFlags = []string{"dry-run"}

// parseArgs reads `<workdir> [--flag=value | --flag value ...]`, accepting
// only the flags in allowed and requiring those in required.
func parseArgs(cmd string, argv []string, allowed, required []string) (*args, error) {
	a := &args{cmd: cmd, flags: make(map[string]string)}
	var positional []string
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if !strings.HasPrefix(arg, "--") {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg[2:], "=")
		if !slices.Contains(allowed, name) {
			if f, ok := suggest.Closest(name, allowed); ok {
				return nil, usagef("%s: unknown flag --%s; did you mean --%s?", cmd, name, f)
			}
			return nil, usagef("%s: unknown flag --%s (flags: %s)", cmd, name, flagList(allowed))
		}
		if !hasValue && slices.Contains(boolFlags, name) {
			value, hasValue = "true", true
		}
		if !hasValue {
			// The next argument is the value, unless it is another flag:
			// "--where --via=glob" lacks a value, it is not where="--via=glob".
			if i+1 >= len(argv) || strings.HasPrefix(argv[i+1], "--") {
				return nil, usagef("%s: flag --%s needs a value", cmd, name)
			}
			i++
			value = argv[i]
		}
		if _, dup := a.flags[name]; dup {
			return nil, usagef("%s: flag --%s given twice", cmd, name)
		}
		a.flags[name] = value
	}
	switch len(positional) {
	case 0:
		return nil, usagef("%s: missing the work folder", cmd)
	case 1:
		a.workdir = positional[0]
	default:
		return nil, usagef("%s: unexpected argument %q", cmd, positional[1])
	}
	if a.workdir == "" {
		return nil, usagef("%s: empty work folder", cmd)
	}
	for _, r := range required {
		if _, ok := a.flags[r]; !ok {
			return nil, usagef("%s: missing required flag --%s", cmd, r)
		}
	}
	return a, nil
}

func flagList(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "--" + n
	}
	return strings.Join(out, " ")
}

func (a *args) has(name string) bool { _, ok := a.flags[name]; return ok }

// int returns a flag as an integer >= lo, or def when absent.
func (a *args) int(name string, def, lo int64) (int64, error) {
	v, ok := a.flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, usagef("%s: --%s=%q is not an integer", a.cmd, name, v)
	}
	if n < lo {
		return 0, usagef("%s: --%s=%d must be at least %d", a.cmd, name, n, lo)
	}
	return n, nil
}

// oneOf returns a flag that must take one of the given values, or def.
func (a *args) oneOf(name, def string, values ...string) (string, error) {
	v, ok := a.flags[name]
	if !ok {
		return def, nil
	}
	if !slices.Contains(values, v) {
		return "", usagef("%s: --%s=%q must be one of %s", a.cmd, name, v, strings.Join(values, ", "))
	}
	return v, nil
}

// bool returns a boolean flag (see boolFlags), false when absent.
func (a *args) bool(name string) (bool, error) {
	v, err := a.oneOf(name, "false", "true", "false")
	return v == "true", err
}

// key returns a comma-separated list of key fields.
func (a *args) key(name string) ([]string, error) {
	v := a.flags[name]
	fields := strings.Split(v, ",")
	for i, f := range fields {
		if f == "" {
			return nil, usagef("%s: --%s=%q has an empty field", a.cmd, name, v)
		}
		if slices.Contains(fields[:i], f) {
			return nil, usagef("%s: --%s=%q repeats the field %q", a.cmd, name, v, f)
		}
		if !utf8.ValidString(f) {
			return nil, usagef("%s: --%s: the field %q is not valid UTF-8", a.cmd, name, f)
		}
	}
	return fields, nil
}

// writer returns the catalog of the work folder for a command that writes
// a lake, with --wait (a Go duration such as 30s or 2m; default
// catalog.DefaultWait) bounding how long it waits for another writer of
// the same lake.
func (a *args) writer() (*catalog.Catalog, error) {
	c := catalog.New(a.workdir)
	v, ok := a.flags["wait"]
	if !ok {
		return c, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return nil, usagef("%s: --wait=%q is not a duration such as 10s or 2m", a.cmd, v)
	}
	c.Wait = max(d, time.Nanosecond) // 0: try once
	return c, nil
}

// ratio returns a flag that must be a number in (0, 1], or 0 when absent.
func (a *args) ratio(name string) (float64, error) {
	v, ok := a.flags[name]
	if !ok {
		return 0, nil
	}
	r, err := strconv.ParseFloat(v, 64)
	if err != nil || !(r > 0 && r <= 1) {
		return 0, usagef("%s: --%s=%q must be a number greater than 0 and at most 1", a.cmd, name, v)
	}
	return r, nil
}
