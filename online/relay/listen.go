package relay

import (
	"net"
	"net/http"
	"strings"

	"github.com/coder/websocket"

	"trihex/online/wire"
)

// Handler serves players over WebSocket: every request that asks to upgrade is a
// player's connection; any other gets a line that says what this is.
func (h *Hub) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = w.Write([]byte("Trihex relay: play here from Trihex (Play online) or trihex bot --server.\n"))
			return
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return // Accept has answered
		}
		h.Serve(wire.NewWS(c))
	})
}

// ServeTCP serves players over TCP (a direct game's host) until ln is closed.
func (h *Hub) ServeTCP(ln net.Listener) error {
	for {
		c, err := ln.Accept()
		if err != nil {
			if h.ctx.Err() != nil {
				return nil
			}
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				continue
			}
			return err
		}
		go h.Serve(wire.NewStream(c))
	}
}

// Sessions counts the connections being served.
func (h *Hub) Sessions() int64 { return h.sessions.Load() }
