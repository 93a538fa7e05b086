package online

import (
	"context"
	"fmt"
	"net"
	"time"

	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/wire"
)

// DialServer returns a Config.Dial that reaches a relay at url (ws:// or wss://).
func DialServer(url string) func(ctx context.Context) (wire.Conn, error) {
	return func(ctx context.Context) (wire.Conn, error) { return wire.DialWS(ctx, url) }
}

// DialDirect returns a Config.Dial that reaches a direct game's host at addr.
func DialDirect(addr string) func(ctx context.Context) (wire.Conn, error) {
	return func(ctx context.Context) (wire.Conn, error) { return wire.DialTCP(ctx, addr) }
}

// Host serves a direct game: the host's program is the authority (a hub over a
// store in memory), listening on TCP for the guest; the host's own Client reaches
// it in memory (Host.Dial).
type Host struct {
	Hub  *relay.Hub
	ln   net.Listener
	addr string
}

// Listen starts a direct game's authority on addr ("127.0.0.1:0": any free port).
// Addr is the address for the invite code: the listener's, or when it listens on
// every interface, this machine's first private address.
func Listen(addr string) (*Host, error) { return ListenWith(addr, relay.Options{}) }

// ListenWith is Listen with the authority's options (its clock, the time a
// player may be gone before the other claims the game).
func ListenWith(addr string, opt relay.Options) (*Host, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("online: %v", err)
	}
	opt.Solo = true // the host's program is the only authority of its games
	h, err := relay.NewHub(relay.NewMemory(), opt)
	if err != nil {
		ln.Close()
		return nil, err
	}
	go func() { _ = h.ServeTCP(ln) }()
	return &Host{Hub: h, ln: ln, addr: inviteAddr(ln.Addr().(*net.TCPAddr))}, nil
}

func inviteAddr(a *net.TCPAddr) string {
	ip := a.IP
	if ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, x := range addrs {
				if n, ok := x.(*net.IPNet); ok && n.IP.IsPrivate() && n.IP.To4() != nil {
					ip = n.IP
					break
				}
			}
		}
	}
	return net.JoinHostPort(ip.String(), fmt.Sprint(a.Port))
}

// Addr is the address a guest dials.
func (h *Host) Addr() string { return h.addr }

// Dial is the host's own Config.Dial: a pipe in memory to the authority.
func (h *Host) Dial(ctx context.Context) (wire.Conn, error) {
	a, b := wire.Pipe(wire.Faults{})
	go h.Hub.Serve(b)
	return a, nil
}

// WaitGuest waits, up to limit, until the only connection left is the host's own
// (the guest has read the end of the game and gone).
func (h *Host) WaitGuest(ctx context.Context, limit time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for h.Hub.Sessions() > 1 {
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}

// Close stops listening and ends every connection.
func (h *Host) Close() {
	h.ln.Close()
	h.Hub.Close()
}

// ListGames asks the authority at dial for the games the player key holds a seat
// in, newest first: whose move it is, the deadline of a correspondence move. It
// is one short connection, made for the start screen's "your move" list.
func ListGames(ctx context.Context, dial func(context.Context) (wire.Conn, error), key string) ([]proto.GameInfo, error) {
	w, err := dial(ctx)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	for _, m := range []*proto.Msg{
		{T: proto.Hello, V: proto.Version, Rules: proto.RulesVersion, App: "trihex"},
		{T: proto.List, Key: key},
	} {
		b, err := proto.Encode(m)
		if err == nil {
			err = w.Write(ctx, b)
		}
		if err != nil {
			return nil, fmt.Errorf("online: %v", err)
		}
	}
	for {
		b, err := w.Read(ctx)
		if err != nil {
			return nil, fmt.Errorf("online: %v", err)
		}
		m, err := proto.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("online: the server sent %v", err)
		}
		switch m.T {
		case proto.Games:
			return m.Games, nil
		case proto.Error:
			return nil, fmt.Errorf("online: %s", m.Text)
		}
	}
}
