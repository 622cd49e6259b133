package server

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the server's Prometheus metrics, all named sig_….
type Metrics struct {
	connections prometheus.Gauge
	loaded      prometheus.Gauge
	created     prometheus.Counter
	moves       prometheus.Counter
	moveSeconds prometheus.Histogram
	refusals    *prometheus.CounterVec
	startupRead prometheus.Gauge
}

// NewMetrics makes the metrics and registers them with reg (if not nil).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		connections: prometheus.NewGauge(prometheus.GaugeOpts{Name: "sig_connections", Help: "Client connections open now."}),
		loaded:      prometheus.NewGauge(prometheus.GaugeOpts{Name: "sig_matches_loaded", Help: "Matches in this process's memory now."}),
		created:     prometheus.NewCounter(prometheus.CounterOpts{Name: "sig_matches_created_total", Help: "Matches created."}),
		moves:       prometheus.NewCounter(prometheus.CounterOpts{Name: "sig_moves_total", Help: "Moves and throws stored and shown (by this process)."}),
		moveSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "sig_move_seconds", Help: "From a person's move arriving to its event queued for every local connection.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
		startupRead: prometheus.NewGauge(prometheus.GaugeOpts{Name: "sig_store_startup_read_seconds",
			Help: "How long the store's start-up reading of the stream took (0 until it ends, or when there was none)."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sig_refusals_total", Help: "Messages refused, by reason."}, []string{"reason"}),
	}
	if reg != nil {
		reg.MustRegister(m.connections, m.loaded, m.created, m.moves, m.moveSeconds, m.refusals, m.startupRead)
	}
	return m
}
