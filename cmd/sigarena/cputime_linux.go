package main

import (
	"runtime"
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's own usage.
const rusageThread = 1

// threadCPU is the CPU time the calling thread has used. The caller must have locked its
// goroutine to the thread (runtime.LockOSThread) for two readings to be comparable.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// lockThread pins the goroutine to its thread while a move is timed.
func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
