package online

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"trihex/game"
	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/table"
)

// TestLoad is the relay's bounded load test, on loopback: TRIHEX_LOAD games at
// once (pairs of clients over WebSocket) through one relay storing in embedded
// JetStream, each played at random moves up to TRIHEX_LOAD_PLIES plies (default
// 60) or its end, each move after TRIHEX_LOAD_THINK (a duration, default none;
// TRIHEX_LOAD_STORE=memory keeps the games in memory instead). It reports the moves relayed, the latency from a move sent to
// the opponent told (p50, p99), the memory per game, and checks that every game's
// stored moves are the moves both players saw:
//
//	TRIHEX_LOAD=500 go test ./online/ -run TestLoad -v -timeout 20m
func TestLoad(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TRIHEX_LOAD"))
	if n <= 0 {
		t.Skip("set TRIHEX_LOAD=N to play N games at once through one relay")
	}
	plies := 60
	if p, err := strconv.Atoi(os.Getenv("TRIHEX_LOAD_PLIES")); err == nil && p > 0 {
		plies = p
	}
	think, _ := time.ParseDuration(os.Getenv("TRIHEX_LOAD_THINK"))
	var store relay.Store = relay.NewMemory()
	if os.Getenv("TRIHEX_LOAD_STORE") != "memory" {
		j, err := relay.OpenEmbedded(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		store = j
	}
	defer store.Close()
	h, err := relay.NewHub(store, relay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	url := wsServer(t, h)
	before := heap()
	goroutines := runtime.NumGoroutine()

	// Seat every pair first, then let them all play at once.
	names := game.Names()
	pairs := make([][2]*Client, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for i := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			a := Start(Config{Dial: DialServer(url), Key: NewKey(), Name: "a", Host: &HostGame{Game: names[i%len(names)]}})
			inv, err := proto.ParseInvite(waitInvite(t, a))
			if err != nil {
				t.Error(err)
				return
			}
			b := Start(Config{Dial: DialServer(url), Key: NewKey(), Name: "b", Join: &inv})
			waitFor(t, a, func(v *View) bool { return v.Joined[1] })
			pairs[i] = [2]*Client{a, b}
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	seated := heap()
	perGame := (seated - before) / uint64(n)
	perGameG := (runtime.NumGoroutine() - goroutines) / n

	var mu sync.Mutex
	var lat []time.Duration
	sent := sync.Map{} // game id and ply → when the move was sent
	type key struct {
		game string
		ply  int
	}
	start, cpu0 := time.Now(), cpuTime()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	for i, p := range pairs {
		for side, c := range p {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				defer func() {
					mu.Lock()
					lat = append(lat, mine...)
					mu.Unlock()
				}()
				move := randomMover(uint64(2*i + side))
				for {
					for _, e := range c.Poll() {
						if e.Kind == Moved {
							if t0, ok := sent.LoadAndDelete(key{c.GameID(), e.N}); ok && e.Seat != side+1 {
								mine = append(mine, time.Since(t0.(time.Time)))
							}
						}
					}
					v := c.View()
					if v.Result != nil || len(v.Moves) >= plies {
						return
					}
					if v.YourMove() && v.Pending == "" {
						time.Sleep(think) // the player thinks: the offered load
						mv, _ := move(ctx, &v)
						sent.Store(key{v.Game, len(v.Moves) + 1}, time.Now())
						_ = c.Move(mv)
						continue
					}
					select {
					case <-c.Wake():
					case <-ctx.Done():
						t.Errorf("game %d: %d moves when time ran out", i, len(v.Moves))
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	elapsed, cpu := time.Since(start), cpuTime()-cpu0

	// No game lost: what is stored is what both players saw.
	moves := 0
	for i, p := range pairs {
		a, b := p[0].View(), p[1].View()
		if !slices.Equal(a.Moves, b.Moves) {
			t.Errorf("game %d: the players saw different games", i)
		}
		recs, err := store.Read(ctx, a.Game, 0)
		if err != nil {
			t.Fatal(err)
		}
		events := make([]*table.Event, 0, len(recs))
		for _, r := range recs {
			_, e, err := relay.DecodeEvent(r)
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, e)
		}
		tab, err := table.Fold(a.Game, events)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tab.Moves(), a.Moves) {
			t.Errorf("game %d: stored %d moves, played %d", i, len(tab.Moves()), len(a.Moves))
		}
		moves += len(a.Moves)
		p[0].Close()
		p[1].Close()
	}
	slices.Sort(lat)
	pct := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(q*float64(len(lat)-1))].Round(10 * time.Microsecond)
	}
	t.Logf("%s store, think %v: %d games at once, %d moves relayed in %v (%.0f moves/s); latency p50 %v, p99 %v, max %v; "+
		"CPU %.2f ms per move; heap %.1f KiB per game (relay and both clients), %d goroutines per game",
		map[bool]string{true: "memory", false: "JetStream"}[os.Getenv("TRIHEX_LOAD_STORE") == "memory"], think, n, moves, elapsed.Round(time.Millisecond), float64(moves)/elapsed.Seconds(), pct(0.5), pct(0.99), pct(1),
		float64(cpu.Microseconds())/1000/float64(max(moves, 1)),
		float64(perGame)/1024, perGameG)
}

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
