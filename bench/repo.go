package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// mainModule is the module whose binaries are measured.
const mainModule = "github.com/lakesql/lakesql"

// findRepo walks up from the current folder to the root of the main module.
func findRepo() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find repo: %w", err)
	}
	for d := dir; ; {
		if checkRepo(d) == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no go.mod of module %s above %s: run from the repo's bench folder (cd bench && go run .) or pass -repo", mainModule, dir)
		}
		d = parent
	}
}

// checkRepo reports whether dir holds the main module's go.mod.
func checkRepo(dir string) error {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("-repo %s: %w", dir, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == "module" {
			if strings.Trim(f[1], `"`) == mainModule {
				return nil
			}
			return fmt.Errorf("-repo %s: go.mod is module %s, want %s", dir, f[1], mainModule)
		}
	}
	return fmt.Errorf("-repo %s: go.mod has no module line", dir)
}

// buildBinary runs `CGO_ENABLED=0 go build -o out pkg` in dir. Our
// binaries are built in the main module (pkg ./cmd/pq from the repo root)
// as the README's build section says: its own go.mod and go.sum, and no
// cgo. They need none, but the net package, which readline imports, links
// the C library's resolver when cgo is on, and a dynamically linked
// binary takes 3-4 ms more to start (the loader's relocations and libc's
// start), a tenth of a small query's time.
func buildBinary(ctx context.Context, dir, pkg, out string) error {
	return goBuild(ctx, dir, pkg, out, "CGO_ENABLED=0")
}

// buildDuckrun builds bench/duckrun, DuckDB as a whole process, which
// links DuckDB's C++ library through cgo.
func buildDuckrun(ctx context.Context, repo, out string) error {
	return goBuild(ctx, filepath.Join(repo, "bench"), "./duckrun", out, "CGO_ENABLED=1")
}

func goBuild(ctx context.Context, dir, pkg, out, cgo string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), cgo)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s in %s: %w\n%s", pkg, dir, err, strings.TrimSpace(buf.String()))
	}
	return nil
}
