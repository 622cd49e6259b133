// Command sigengine plays Sig's five games without a window, one JSON request per line on
// standard input and one JSON answer per line on standard output, as
// docs/engine-protocol.md specifies: for bots, tournaments, replays, analysis, and tests
// that check the rules from outside. It never writes anything but answers to standard output.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: sigengine < requests.jsonl\n\nReads one JSON request per line on standard input and answers each with one JSON line;\nsee docs/engine-protocol.md. It takes no arguments.")
		os.Exit(2)
	}
	if err := serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sigengine:", err)
		os.Exit(1)
	}
}

// serve answers every line of in on out until in ends.
func serve(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 1<<16)
	w := bufio.NewWriter(out)
	var s session
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			if _, werr := w.Write(s.handle(line)); werr != nil {
				return werr
			}
			if werr := w.WriteByte('\n'); werr != nil {
				return werr
			}
			if werr := w.Flush(); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
