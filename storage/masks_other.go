//go:build !amd64

package storage

const hasAVX2 = false

func structMasks(b []byte, targets uint32, m masks) { masksGeneric(b, targets, m) }
