package relay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"trihex/online/proto"
)

// Jet is a Store in NATS JetStream: one stream, TRIHEX, with a subject per game
// (trihex.g.ID: its events) and per player (trihex.p.KEYHASH: the ids of the
// player's games). An event is appended with the expected last sequence of its
// game's subject, so JetStream itself refuses the second of two nodes that
// decided on the same state; there is no replication of our own.
type Jet struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	st  jetstream.Stream
	srv *server.Server // the embedded server, or nil
}

// StreamName is the JetStream stream the relay keeps its games in.
const StreamName = "TRIHEX"

// OpenEmbedded starts a NATS server with JetStream inside this process, storing
// its files under dir, reachable only from here, and opens the store on it.
func OpenEmbedded(dir string) (*Jet, error) {
	srv, err := server.NewServer(&server.Options{ServerName: "trihex-relay", JetStream: true, StoreDir: dir,
		DontListen: true, NoSigs: true, NoLog: true})
	if err != nil {
		return nil, fmt.Errorf("relay: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(30 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("relay: the embedded NATS server did not start (data in %s)", dir)
	}
	nc, err := nats.Connect("", nats.InProcessServer(srv), nats.Name("trihex relay"))
	if err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("relay: %v", err)
	}
	j, err := openJet(nc)
	if err != nil {
		nc.Close()
		srv.Shutdown()
		return nil, err
	}
	j.srv = srv
	return j, nil
}

// OpenNATS opens the store on an existing NATS server or cluster with JetStream.
func OpenNATS(url string) (*Jet, error) {
	nc, err := nats.Connect(url, nats.Name("trihex relay"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("relay: NATS at %s: %v", url, err)
	}
	j, err := openJet(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return j, nil
}

func openJet(nc *nats.Conn) (*Jet, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("relay: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        StreamName,
		Description: "Trihex relay: games' events (trihex.g.ID) and players' games (trihex.p.KEYHASH)",
		Subjects:    []string{"trihex.g.*", "trihex.p.*"},
		Storage:     jetstream.FileStorage,
		MaxMsgSize:  2 * proto.MaxFrame,
		Duplicates:  2 * time.Minute,
		AllowDirect: true,
	})
	if err != nil {
		return nil, fmt.Errorf("relay: JetStream stream %s: %v", StreamName, err)
	}
	return &Jet{nc: nc, js: js, st: st}, nil
}

func gameSubject(id string) string  { return "trihex.g." + id }
func playerSubject(p string) string { return "trihex.p." + p }
func gameOfSubject(s string) string { return strings.TrimPrefix(s, "trihex.g.") }
func validToken(s string) bool      { return s != "" && !strings.ContainsAny(s, ".*> \t\r\n") }
func badToken(what, s string) error { return fmt.Errorf("relay: %s %q cannot be a subject", what, s) }
func isNotFound(err error) bool     { return errors.Is(err, jetstream.ErrMsgNotFound) }
func isWrongLast(err error) bool {
	var api *jetstream.APIError
	return errors.As(err, &api) && (api.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		api.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

func (j *Jet) Append(ctx context.Context, id string, last uint64, ev []byte) (uint64, error) {
	if !validToken(id) {
		return 0, badToken("game", id)
	}
	ack, err := j.js.Publish(ctx, gameSubject(id), ev, jetstream.WithExpectLastSequencePerSubject(last))
	if isWrongLast(err) {
		return 0, ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("relay: storing game %s: %v", id, err)
	}
	return ack.Sequence, nil
}

// read returns the messages of subject after sequence after.
func (j *Jet) read(ctx context.Context, subject string, after uint64) ([]Record, error) {
	var out []Record
	for seq := after + 1; ; {
		m, err := j.st.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(subject))
		if isNotFound(err) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("relay: reading %s: %v", subject, err)
		}
		out = append(out, Record{Game: gameOfSubject(m.Subject), Seq: m.Sequence, Data: m.Data})
		seq = m.Sequence + 1
	}
}

func (j *Jet) Read(ctx context.Context, id string, after uint64) ([]Record, error) {
	if !validToken(id) {
		return nil, badToken("game", id)
	}
	return j.read(ctx, gameSubject(id), after)
}

// Subscribe follows every game's subject from now on with an ordered consumer,
// which JetStream delivers in order and without gaps (it restarts itself after
// the last message it delivered when the connection drops).
func (j *Jet) Subscribe(fn func(Record)) (func(), error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := j.st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{"trihex.g.*"},
		DeliverPolicy:  jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("relay: following the games: %v", err)
	}
	cc, err := c.Consume(func(m jetstream.Msg) {
		md, err := m.Metadata()
		if err != nil {
			return
		}
		fn(Record{Game: gameOfSubject(m.Subject()), Seq: md.Sequence.Stream, Data: m.Data()})
	})
	if err != nil {
		return nil, fmt.Errorf("relay: following the games: %v", err)
	}
	return cc.Stop, nil
}

func (j *Jet) AddGame(ctx context.Context, player, id string) error {
	if !validToken(player) || !validToken(id) {
		return badToken("player or game", player+" "+id)
	}
	// The message id makes a second add within JetStream's duplicate window a
	// no-op; PlayerGames drops later duplicates.
	_, err := j.js.Publish(ctx, playerSubject(player), []byte(id), jetstream.WithMsgID(player+"."+id))
	if err != nil {
		return fmt.Errorf("relay: indexing game %s: %v", id, err)
	}
	return nil
}

func (j *Jet) PlayerGames(ctx context.Context, player string) ([]string, error) {
	if !validToken(player) {
		return nil, badToken("player", player)
	}
	recs, err := j.read(ctx, playerSubject(player), 0)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var ids []string
	for _, r := range recs {
		if id := string(r.Data); !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Close drains the connection and stops the embedded server, if any.
func (j *Jet) Close() error {
	_ = j.nc.Drain()
	for i := 0; i < 100 && !j.nc.IsClosed(); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	j.nc.Close()
	if j.srv != nil {
		j.srv.Shutdown()
		j.srv.WaitForShutdown()
	}
	return nil
}
