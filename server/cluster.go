package server

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// LoopbackCluster starts n NATS servers with JetStream clustered on 127.0.0.1 (each its own
// folder under dir), for the cluster tests and the load tool; production runs a real cluster
// and passes its URL with -nats. It returns the servers' client URLs and a function that stops them.
//
// The cluster's route ports are found free and then let go before the servers bind them, so
// another process may take one in between; that server then never starts. Such a start is
// tried again, with new ports, up to three times in all.
func LoopbackCluster(dir string, n int) ([]string, func(), error) {
	var err error
	for try := 1; try <= 3; try++ {
		var urls []string
		var stop func()
		urls, stop, err = loopbackCluster(filepath.Join(dir, fmt.Sprintf("try-%d", try)), n)
		if err == nil {
			return urls, stop, nil
		}
		if _, notStarted := err.(errNotStarted); !notStarted {
			return nil, nil, err
		}
	}
	return nil, nil, err
}

// errNotStarted is a server of the cluster that did not start: a port taken, it may be.
type errNotStarted string

func (e errNotStarted) Error() string { return fmt.Sprintf("NATS server %s did not start", string(e)) }

// loopbackCluster is one try of LoopbackCluster's.
func loopbackCluster(dir string, n int) ([]string, func(), error) {
	ports := make([]int, n)
	for i := range ports {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, nil, err
		}
		ports[i] = ln.Addr().(*net.TCPAddr).Port
		ln.Close()
	}
	var routes []*url.URL
	for _, p := range ports {
		routes = append(routes, &url.URL{Scheme: "nats-route", Host: fmt.Sprintf("127.0.0.1:%d", p)})
	}
	var servers []*natsserver.Server
	stop := func() {
		for _, s := range servers {
			s.Shutdown()
		}
		for _, s := range servers {
			s.WaitForShutdown()
		}
	}
	var urls []string
	for i := range n {
		s, err := natsserver.NewServer(&natsserver.Options{
			ServerName: fmt.Sprintf("sig-%d", i+1), Host: "127.0.0.1", Port: -1,
			JetStream: true, StoreDir: filepath.Join(dir, fmt.Sprintf("nats-%d", i+1)),
			Cluster: natsserver.ClusterOpts{Name: "sig", Host: "127.0.0.1", Port: ports[i]},
			Routes:  routes, NoSigs: true, NoLog: true,
		})
		if err != nil {
			stop()
			return nil, nil, err
		}
		s.Start()
		servers = append(servers, s)
	}
	for _, s := range servers {
		if !s.ReadyForConnections(30 * time.Second) {
			stop()
			return nil, nil, errNotStarted(s.Name())
		}
		urls = append(urls, s.ClientURL())
	}
	// JetStream answers once the servers have elected a meta leader.
	deadline := time.Now().Add(60 * time.Second)
	for !anyLeader(servers) {
		if time.Now().After(deadline) {
			stop()
			return nil, nil, fmt.Errorf("the NATS cluster elected no JetStream leader within 60s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	return urls, stop, nil
}

func anyLeader(servers []*natsserver.Server) bool {
	for _, s := range servers {
		if s.JetStreamIsLeader() {
			return true
		}
	}
	return false
}
