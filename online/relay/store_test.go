package relay

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// Both stores keep the same promises: appends checked against the game's last
// sequence, reads in order, every append told to subscribers, the player index.
func TestStores(t *testing.T) {
	stores := map[string]func(t *testing.T) Store{
		"memory": func(*testing.T) Store { return NewMemory() },
		"jetstream": func(t *testing.T) Store {
			j, err := OpenEmbedded(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return j
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			ctx := context.Background()
			got := make(chan Record, 10)
			stop, err := s.Subscribe(func(r Record) { got <- r })
			if err != nil {
				t.Fatal(err)
			}
			defer stop()
			a1, err := s.Append(ctx, "AAAAAAAA", 0, []byte("a1"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Append(ctx, "AAAAAAAA", 0, []byte("again")); !errors.Is(err, ErrConflict) {
				t.Fatalf("a second first event: %v", err)
			}
			b1, err := s.Append(ctx, "BBBBBBBB", 0, []byte("b1"))
			if err != nil {
				t.Fatal(err)
			}
			// The game's last sequence, not the store's, is what counts.
			if _, err := s.Append(ctx, "AAAAAAAA", b1, []byte("x")); !errors.Is(err, ErrConflict) {
				t.Fatalf("append after another game's sequence: %v", err)
			}
			a2, err := s.Append(ctx, "AAAAAAAA", a1, []byte("a2"))
			if err != nil {
				t.Fatal(err)
			}
			recs, err := s.Read(ctx, "AAAAAAAA", 0)
			if err != nil || len(recs) != 2 || string(recs[0].Data) != "a1" || string(recs[1].Data) != "a2" || recs[1].Seq != a2 {
				t.Fatalf("%+v %v", recs, err)
			}
			if recs, _ := s.Read(ctx, "AAAAAAAA", a1); len(recs) != 1 || string(recs[0].Data) != "a2" {
				t.Fatalf("read after a1: %+v", recs)
			}
			if recs, _ := s.Read(ctx, "CCCCCCCC", 0); len(recs) != 0 {
				t.Fatalf("an unknown game: %+v", recs)
			}
			for _, want := range []string{"AAAAAAAA a1", "BBBBBBBB b1", "AAAAAAAA a2"} {
				r := <-got
				if r.Game+" "+string(r.Data) != want {
					t.Fatalf("subscriber got %s %s, want %s", r.Game, r.Data, want)
				}
			}
			for _, id := range []string{"AAAAAAAA", "BBBBBBBB", "AAAAAAAA"} {
				if err := s.AddGame(ctx, "0123abcd", id); err != nil {
					t.Fatal(err)
				}
			}
			if ids, err := s.PlayerGames(ctx, "0123abcd"); err != nil || !slices.Equal(ids, []string{"AAAAAAAA", "BBBBBBBB"}) {
				t.Fatalf("%v %v", ids, err)
			}
			if ids, _ := s.PlayerGames(ctx, "ffff"); len(ids) != 0 {
				t.Fatal(ids)
			}
		})
	}
}

// The embedded store keeps its games across a restart on the same files.
func TestJetStreamKeepsGames(t *testing.T) {
	dir := t.TempDir()
	j, err := OpenEmbedded(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	seq, err := j.Append(ctx, "AAAAAAAA", 0, []byte("a1"))
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	j, err = OpenEmbedded(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	recs, err := j.Read(ctx, "AAAAAAAA", 0)
	if err != nil || len(recs) != 1 || recs[0].Seq != seq {
		t.Fatalf("%+v %v", recs, err)
	}
	if _, err := j.Append(ctx, "AAAAAAAA", seq, []byte("a2")); err != nil {
		t.Fatal(err)
	}
}
