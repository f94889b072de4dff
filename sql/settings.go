package sql

import (
	"fmt"
	"strings"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/internal/suggest"
	"github.com/lakesql/lakesql/sql/ast"
	"github.com/lakesql/lakesql/sql/exec"
	"github.com/lakesql/lakesql/sql/parser"
)

// Memory is a query's memory limit and spill folder: SET memory_limit and
// SET temp_directory, as DuckDB names them.
type Memory = exec.Memory

// The memory limit's default and floor.
const (
	DefaultMemoryLimit = exec.DefaultMemoryLimit
	MinMemoryLimit     = exec.MinMemoryLimit
)

// settings are the names SET knows, for errors' suggestions.
var settings = []string{"memory_limit", "temp_directory"}

// set runs SET and RESET.
func (s *Session) set(st ast.Set) (*Result, error) {
	switch st.Name {
	case "memory_limit", "max_memory":
		n := int64(DefaultMemoryLimit)
		if !st.Reset {
			var err error
			if n, err = parser.ParseSize(st.Value); err != nil {
				return nil, fmt.Errorf("SET memory_limit: %w", err)
			}
			if n < MinMemoryLimit {
				return nil, fmt.Errorf("%w: SET memory_limit: %s is below the least, 64KiB", ErrUnsupported, st.Value)
			}
		}
		s.Memory.Limit = n
		if s.OnMemoryLimit != nil {
			s.OnMemoryLimit(n)
		}
	case "temp_directory":
		s.Memory.TempDir = ""
		if !st.Reset {
			s.Memory.TempDir = st.Value
		}
		spill.Sweep(s.Memory.TempDir)
	default:
		hint := ""
		if m, ok := suggest.Closest(st.Name, settings); ok {
			hint = fmt.Sprintf("; did you mean %s?", m)
		}
		return nil, fmt.Errorf("%w: no setting %q (there are %s)%s", ErrUnsupported, st.Name, strings.Join(settings, ", "), hint)
	}
	return &Result{}, nil
}

// MemoryLimit is the limit queries run under.
func (s *Session) MemoryLimit() int64 {
	if s.Memory.Limit <= 0 {
		return DefaultMemoryLimit
	}
	return s.Memory.Limit
}

// ParseSize reads a size as SET memory_limit takes it ('100MB', '1GiB').
func ParseSize(text string) (int64, error) { return parser.ParseSize(text) }

// SweepSpills removes the spill folders that killed processes left in
// dir ("" is $TMPDIR): the commands call it as they start.
func SweepSpills(dir string) { spill.Sweep(dir) }
