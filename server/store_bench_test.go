package server

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"sig/wire"
)

// BenchmarkAppend measures the store's appends with many matches writing at once, as under
// load: each of 1,000 matches appends its events one after the other (expected last
// sequence), over 1 or 4 connections to the embedded NATS server.
//
//	go test -run '^$' -bench Append -benchtime 20000x ./server
func BenchmarkAppend(b *testing.B) {
	for _, conns := range []int{1, 4} {
		b.Run(fmt.Sprintf("conns=%d", conns), func(b *testing.B) {
			st, err := OpenStore(context.Background(), StoreConfig{Dir: b.TempDir(), Conns: conns})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			const matches = 1000
			work := make(chan struct{}, b.N)
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			b.ResetTimer()
			var wg sync.WaitGroup
			for i := range matches {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("bench%d", i)
					var last uint64
					ev := wire.Event{Kind: wire.EvMove, Round: 1, Move: "c2-c3"}
					for range work {
						ev.Seq++
						seq, err := st.appendEvent(context.Background(), id, ev, last)
						if err != nil {
							b.Error(err)
							return
						}
						last = seq
					}
				}()
			}
			wg.Wait()
		})
	}
}
