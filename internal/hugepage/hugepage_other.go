//go:build !linux

package hugepage

func advise(int) {}

func forget() {}

func prefault() (uintptr, error) { return 0, nil }
