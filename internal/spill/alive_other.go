//go:build !unix

package spill

// alive cannot tell here: every folder is kept.
func alive(int) bool { return true }
