package spill

import "math/rand/v2"

func randByte() byte { return byte(rand.Uint32()) }
