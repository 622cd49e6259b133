package main

import "syscall"

// childAttr puts a server in a process group of its own (so that stopAll can signal all of
// it) and has the kernel kill it if sigload dies without stopping it (SIGKILL, a crash).
// Pdeathsig follows the thread that started the child; Go's runtime keeps its threads for the
// life of the process, so in practice that is sigload's life.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
