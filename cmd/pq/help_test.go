package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pq runs a command line in process and returns what it printed.
func pq(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// objectKeys returns the keys of the one JSON object in s, in order.
func objectKeys(t *testing.T, s string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%q: not a JSON object (%v)", s, err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	}
	if _, err := dec.Token(); err != nil || dec.More() {
		t.Fatalf("%q: not one JSON object (%v)", s, err)
	}
	return keys
}

// TestHelpListsEveryCommand: pq --help, -h and help list every command
// with its one-line summary and its example.
func TestHelpListsEveryCommand(t *testing.T) {
	for _, argv := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		stdout, stderr, code := pq(t, argv...)
		if code != 0 || stderr != "" {
			t.Fatalf("pq %s: exit %d, stderr %q; want 0 and nothing", argv[0], code, stderr)
		}
		for name := range commands {
			h, ok := helps[name]
			if !ok {
				t.Errorf("command %s has no help (add it to helps in help.go)", name)
				continue
			}
			if !strings.Contains(stdout, "  "+name+" ") || !strings.Contains(stdout, h.summary+"\n") || !strings.Contains(stdout, "$ "+h.example+"\n") {
				t.Errorf("pq %s: no line for %s with its summary %q and example %q:\n%s", argv[0], name, h.summary, h.example, stdout)
			}
		}
	}
}

// TestCommandHelp: pq help <command> and pq <command> --help show the usage,
// every flag with its meaning and default (or "required"), the example and
// the output keys; the flags shown are exactly those the command accepts.
func TestCommandHelp(t *testing.T) {
	for name, cmd := range commands {
		t.Run(name, func(t *testing.T) {
			h, ok := helps[name]
			if !ok {
				t.Fatalf("command %s has no help", name)
			}
			if !strings.HasPrefix(h.example, "pq "+name+" ") && h.example != "pq "+name {
				t.Errorf("example %q does not run pq %s", h.example, name)
			}
			var documented []string
			for _, f := range h.flags {
				documented = append(documented, f.name)
				required := slices.Contains(cmd.required, f.name)
				if required != (f.def == "") {
					t.Errorf("--%s: required %v but default %q; a flag has a default exactly when it is optional", f.name, required, f.def)
				}
			}
			if a, b := slices.Sorted(slices.Values(documented)), slices.Sorted(slices.Values(cmd.allowed)); !slices.Equal(a, b) {
				t.Errorf("help documents the flags %v, the command accepts %v", a, b)
			}
			want, _, code := pq(t, "help", name)
			if code != 0 {
				t.Fatalf("pq help %s: exit %d", name, code)
			}
			for _, part := range []string{cmd.usage, "Example:\n  $ " + h.example + "\n", "Output: one JSON object with the keys\n  " + strings.Join(h.keys, ", ") + "\n"} {
				if !strings.Contains(want, part) {
					t.Errorf("pq help %s lacks %q:\n%s", name, part, want)
				}
			}
			for _, f := range h.flags {
				def := "(required)"
				if f.def != "" {
					def = "(default: " + f.def + ")"
				}
				if !strings.Contains(want, "--"+f.name) || !strings.Contains(want, f.meaning+" "+def) {
					t.Errorf("pq help %s: no line for --%s with %q %s", name, f.name, f.meaning, def)
				}
			}
			for _, flag := range []string{"--help", "-h"} {
				got, stderr, code := pq(t, name, "work", "--bogus", flag)
				if code != 0 || got != want || stderr != "" {
					t.Errorf("pq %s work --bogus %s: exit %d, stderr %q, and not the text of pq help %s", name, flag, code, stderr, name)
				}
			}
		})
	}
}

// TestHelpExamplesRun runs every example of pq --help in order in an empty
// folder: each succeeds and prints exactly the keys its help lists.
func TestHelpExamplesRun(t *testing.T) {
	t.Chdir(t.TempDir())
	ran := 0
	for _, name := range helpNames() {
		h, ok := helps[name]
		if !ok {
			t.Errorf("command %s has no help", name)
			continue
		}
		argv := strings.Fields(h.example)[1:]
		stdout, stderr, code := pq(t, argv...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", h.example, code, stderr)
		}
		if got := objectKeys(t, stdout); !slices.Equal(got, h.keys) {
			t.Errorf("%s: printed the keys %v, its help lists %v", h.example, got, h.keys)
		}
		ran++
	}
	if ran < len(commands) {
		t.Errorf("ran %d examples for %d commands", ran, len(commands))
	}
	if _, err := os.Stat(filepath.Join("work", "partition_report.md")); err != nil {
		t.Errorf("the report example made no report: %v", err)
	}
}

// TestDidYouMean: misspelt commands, flags and lakes are usage errors (2)
// or a missing lake (3) as before, and the message in the {"error"} object
// suggests the right spelling when one is close.
func TestDidYouMean(t *testing.T) {
	work := filepath.Join(t.TempDir(), "w")
	for _, argv := range [][]string{{"gen", work, "--rows=50"}, {"write", work, "--lake=orders", "--key=day"}, {"write", work, "--lake=misc", "--key=region"}} {
		if _, stderr, code := pq(t, argv...); code != 0 {
			t.Fatalf("pq %v: %s", argv, stderr)
		}
	}
	for name, c := range map[string]struct {
		argv []string
		code int
		msg  string
	}{
		"command":               {[]string{"wrtie", work}, 2, "unknown command wrtie; did you mean write?"},
		"command in upper case": {[]string{"WRITE", work}, 2, "unknown command WRITE; did you mean write?"},
		"command, no guess":     {[]string{"frobnicate", work}, 2, "unknown command frobnicate (one of gen, write, append, layout, query, compact, repartition, vacuum, check, report"},
		"odd command":           {[]string{"wr ite", work}, 2, `unknown command "wr ite"; did you mean write?`},
		"help, command":         {[]string{"help", "compcat"}, 2, "unknown command compcat; did you mean compact?"},
		"help, no guess":        {[]string{"help", "nosuch"}, 2, "unknown command nosuch (one of gen, write,"},
		"help, two commands":    {[]string{"help", "write", "layout"}, 2, "help takes one command, not 2 arguments"},
		"flag":                  {[]string{"compact", work, "--lake=orders", "--targt=5"}, 2, "compact: unknown flag --targt; did you mean --target?"},
		"flag, no guess":        {[]string{"layout", work, "--lake=orders", "--small=1", "--target=5"}, 2, "layout: unknown flag --target (flags: --lake --small)"},
		"lake":                  {[]string{"layout", work, "--lake=ordres", "--small=1"}, 3, "did you mean orders?"},
		"lake of query":         {[]string{"query", work, "--lake=Orders", "--where=day=x"}, 3, "did you mean orders?"},
		"lake of repartition":   {[]string{"repartition", work, "--from=msic", "--to=m", "--key=day"}, 3, "did you mean misc?"},
		"lake, no guess":        {[]string{"layout", work, "--lake=zzz", "--small=1"}, 3, ""},
	} {
		t.Run(name, func(t *testing.T) {
			stdout, stderr, code := pq(t, c.argv...)
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if keys := objectKeys(t, stdout); !slices.Equal(keys, []string{"error"}) {
				t.Fatalf("stdout %q: want exactly one key, error", stdout)
			}
			var obj struct{ Error string }
			json.Unmarshal([]byte(stdout), &obj)
			switch {
			case c.msg == "" && strings.Contains(obj.Error, "did you mean"):
				t.Errorf("error %q: want no suggestion", obj.Error)
			case c.msg != "" && !strings.Contains(obj.Error, c.msg):
				t.Errorf("error %q: want it to contain %q", obj.Error, c.msg)
			}
			if !strings.HasPrefix(stderr, "pq: "+obj.Error+"\n") {
				t.Errorf("stderr %q: want the same message", stderr)
			}
		})
	}
}
