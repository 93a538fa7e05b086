package online

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"trihex/ai"
	"trihex/game/cli"
	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/save"
)

// ServeUsage is the usage line of Serve.
const ServeUsage = "trihex serve [--listen ADDR] [--data DIR | --nats URL | --memory] [--cert FILE --key FILE]"

// Serve runs a relay: players connect over WebSocket, the relay checks every move
// with the rules, keeps the clocks and stores the games. It prints "listening on
// ws://HOST:PORT" (wss with a certificate) on its first line and serves until
// interrupted.
func Serve(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("serve", ServeUsage, stderr)
	listen := fs.String("listen", "127.0.0.1:7428", "address to listen on (port 0: any free port)")
	data := fs.String("data", "", "folder of the embedded NATS server's files (default: relay/ in the config folder)")
	natsURL := fs.String("nats", "", "use this NATS server (JetStream enabled) instead of an embedded one")
	memory := fs.Bool("memory", false, "keep games in memory only (tests)")
	cert := fs.String("cert", "", "TLS certificate file (PEM)")
	key := fs.String("key", "", "TLS key file (PEM)")
	_, err := fs.Parse(args, 0, "")
	switch {
	case err != nil:
	case (*cert == "") != (*key == ""):
		err = cli.UsageError("--cert and --key go together")
	case *natsURL != "" && (*data != "" || *memory), *data != "" && *memory:
		err = cli.UsageError("--data, --nats and --memory are three different stores: give one")
	}
	if err != nil {
		return fs.Fail(err)
	}
	store, err := openStore(*data, *natsURL, *memory)
	if err != nil {
		return fs.Fail(err)
	}
	defer store.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return fs.Fail(serve(ctx, store, *natsURL == "", *listen, *cert, *key, stdout, stderr))
}

func openStore(data, natsURL string, memory bool) (relay.Store, error) {
	switch {
	case memory:
		return relay.NewMemory(), nil
	case natsURL != "":
		return relay.OpenNATS(natsURL)
	}
	if data == "" {
		dir, err := save.ConfigDir("")
		if err != nil {
			return nil, err
		}
		data = filepath.Join(dir, "relay")
	}
	if err := os.MkdirAll(data, 0o755); err != nil {
		return nil, fmt.Errorf("online: %v", err)
	}
	return relay.OpenEmbedded(data)
}

func serve(ctx context.Context, store relay.Store, solo bool, addr, cert, key string, stdout, stderr io.Writer) error {
	hub, err := relay.NewHub(store, relay.Options{Log: log.New(stderr, "", log.LstdFlags), Solo: solo})
	if err != nil {
		return err
	}
	defer hub.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("online: %v", err)
	}
	srv := &http.Server{Handler: hub.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: log.New(io.Discard, "", 0)}
	scheme := "ws"
	if cert != "" {
		scheme = "wss"
	}
	fmt.Fprintf(stdout, "listening on %s://%s\n", scheme, ln.Addr())
	if f, ok := stdout.(*os.File); ok {
		_ = f.Sync()
	}
	errc := make(chan error, 1)
	go func() {
		if cert != "" {
			errc <- srv.ServeTLS(ln, cert, key)
		} else {
			errc <- srv.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("online: %v", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}

// BotUsage is the usage line of Bot.
const BotUsage = "trihex bot (--server URL | --listen ADDR) --host GAME [--options K=V,…] [--clock TC] | [--server URL] --join CODE; [--level N] [--name NAME] [--record-out FILE] [--state FILE] [--timeout D]"

// seatFile is what a bot keeps in its --state file, so that a bot started again
// takes back its seat instead of starting another game.
type seatFile struct {
	Game  string `json:"game"`
	Key   string `json:"key"`
	Token string `json:"token,omitempty"` // the invite's, when it hosts
}

// botFlags are Bot's flags, read.
type botFlags struct {
	server, listen, host, join, clock, options, name, recordOut, state string
	level, seat                                                        int
	seed                                                               uint64
	timeout                                                            time.Duration
}

func parseBot(args []string) (botFlags, error) {
	var f botFlags
	fs := cli.NewFlags("bot", BotUsage, nil)
	fs.StringVar(&f.server, "server", "", "the relay's address, ws://HOST:PORT or wss://…")
	fs.StringVar(&f.listen, "listen", "", "host a direct game on this address (port 0: any free port)")
	fs.StringVar(&f.host, "host", "", "host a game of this game")
	fs.StringVar(&f.join, "join", "", "join the game of this invite code")
	fs.StringVar(&f.clock, "clock", "", `time control: "5+3" (minutes + seconds a move), "10+5x30" (10 minutes, then byo-yomi: 5 periods of 30 s), "3d" (days a move)`)
	fs.StringVar(&f.options, "options", "", "rules options of a hosted game")
	fs.IntVar(&f.seat, "seat", 1, "the hosting bot's seat: 1 moves first, 2 second")
	fs.IntVar(&f.level, "level", 1, "the engine's level, 1-5, 6 for Expert")
	fs.StringVar(&f.name, "name", "", "the name shown to the opponent (default: the level's)")
	fs.StringVar(&f.recordOut, "record-out", "", "write the game's record here when it ends")
	fs.StringVar(&f.state, "state", "", "keep the seat in this file, to take it back when started again")
	fs.Uint64Var(&f.seed, "seed", 0, "the engine's seed (default: drawn)")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up after this long (default: never)")
	_, err := fs.Parse(args, 0, "")
	switch {
	case err != nil:
		return f, err
	case (f.host == "") == (f.join == ""):
		return f, cli.UsageError("give --host GAME or --join CODE")
	case f.host != "" && (f.server == "") == (f.listen == ""):
		return f, cli.UsageError("--host needs --server URL (a relay) or --listen ADDR (a direct game)")
	case f.join != "" && f.listen != "":
		return f, cli.UsageError("--listen is for hosting")
	case f.level < 1 || f.level > ai.MaxLevel:
		return f, cli.UsageError(fmt.Sprintf("--level %d: levels are 1 to 5, and 6 for Expert", f.level))
	case f.seat != 1 && f.seat != 2:
		return f, cli.UsageError("--seat is 1 or 2")
	}
	if f.host != "" {
		info, err := cli.Game(f.host)
		if err != nil {
			return f, err
		}
		if _, err := info.ResolveOptions(f.options); err != nil {
			return f, cli.UsageError(err.Error())
		}
		ctl, err := ParseClock(f.clock)
		if err != nil {
			return f, cli.UsageError(err.Error())
		}
		f.clock = ctl.String()
	}
	if f.name == "" {
		f.name = "Trihex " + ai.LevelName(f.level)
	}
	if f.seed == 0 {
		f.seed = uint64(time.Now().UnixNano())
	}
	return f, nil
}

// Bot plays one game with the engine, through a relay or directly, and exits 0
// when the game has ended, its record written. A hosting bot prints the invite
// code alone on its first line once the game is open.
func Bot(args []string, stdout, stderr io.Writer) int {
	f, err := parseBot(args)
	if err != nil {
		return cli.Exit(err, stderr, BotUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	return cli.Exit(runBot(ctx, f, stdout), stderr, BotUsage)
}

func runBot(ctx context.Context, f botFlags, stdout io.Writer) error {
	eng, err := ai.NewLevel(f.level, f.seed)
	if err != nil {
		return err
	}
	cfg, host, err := botConfig(f)
	if err != nil {
		return err
	}
	if host != nil {
		defer host.Close()
	}
	c := Start(cfg)
	defer c.Close()
	if f.host != "" {
		if err := printInvite(ctx, c, stdout); err != nil {
			return err
		}
	}
	v, err := Play(ctx, c, EngineMover(eng))
	if err != nil {
		return err
	}
	if f.recordOut != "" {
		rec, err := Record(&v)
		if err != nil {
			return err
		}
		if err := save.WriteFileAtomic(f.recordOut, []byte(rec)); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, v.Describe())
	if host != nil {
		c.Close()
		host.WaitGuest(ctx, 10*time.Second)
	}
	return nil
}

// botConfig makes the client's configuration: a new seat, or the one the state
// file keeps; for a direct game, the host's authority.
func botConfig(f botFlags) (Config, *Host, error) {
	cfg := Config{Name: f.name}
	var seat seatFile
	if f.state != "" {
		if b, err := os.ReadFile(f.state); err == nil {
			if err := json.Unmarshal(b, &seat); err != nil || !proto.ValidID(seat.Game) {
				return cfg, nil, fmt.Errorf("online: %s is not a seat file", f.state)
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			return cfg, nil, fmt.Errorf("online: %v", err)
		}
	}
	var host *Host
	switch {
	case f.listen != "":
		h, err := Listen(f.listen)
		if err != nil {
			return cfg, nil, err
		}
		host, cfg.Dial, cfg.InviteAddr = h, h.Dial, h.Addr()
	case f.server != "":
		cfg.Dial = DialServer(f.server)
	}
	if f.join != "" {
		inv, err := proto.ParseInvite(f.join)
		if err != nil {
			return cfg, nil, cli.UsageError(err.Error())
		}
		if inv.Addr != "" {
			cfg.Dial = DialDirect(inv.Addr)
		} else if f.server == "" {
			return cfg, nil, cli.UsageError("a relay's invite code needs --server URL")
		}
		cfg.Join = &inv
		if seat.Game != inv.Game {
			seat = seatFile{Game: inv.Game, Key: NewKey()}
		}
	} else {
		cfg.Host = &HostGame{Game: f.host, Options: f.options, Clock: f.clock, Seat: f.seat}
		if seat.Game == "" || host != nil {
			seat = seatFile{Game: proto.Random(proto.IDLen), Key: NewKey(), Token: proto.Random(proto.TokenLen)}
		}
		cfg.Host.ID, cfg.Host.Token = seat.Game, seat.Token
	}
	cfg.Key = seat.Key
	if f.state != "" && host == nil {
		b, _ := json.Marshal(seat)
		if err := save.WriteFileAtomic(f.state, append(b, '\n')); err != nil {
			return cfg, nil, err
		}
	}
	return cfg, host, nil
}

// printInvite waits until the hosted game is open and prints its code alone on a
// line.
func printInvite(ctx context.Context, c *Client, stdout io.Writer) error {
	for {
		for _, e := range c.Poll() {
			if e.Kind == Failed {
				return e.Err
			}
		}
		if v := c.View(); v.Seat != 0 {
			fmt.Fprintln(stdout, c.InviteCode())
			if f, ok := stdout.(*os.File); ok {
				_ = f.Sync()
			}
			return nil
		}
		select {
		case <-c.Wake():
		case <-c.Done():
			return ErrClosed
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
