//go:build !linux

package hugepage

func advise(int) {}

func forget() {}
