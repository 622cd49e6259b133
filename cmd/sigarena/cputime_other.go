//go:build !linux

package main

import "time"

// threadCPU is not measured outside Linux: it reads 0.
func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
