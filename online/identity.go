package online

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"trihex/online/proto"
	"trihex/online/wire"
	"trihex/save"
)

// Identity is who the player is on the network, kept between runs of the
// program: the name shown to opponents, the key that holds their seats (every
// game they host or join with this program, on any relay), and the relay they
// last played on. The key is a secret: whoever has it may move for them.
type Identity struct {
	Name  string `json:"name,omitempty"`
	Key   string `json:"key"`
	Relay string `json:"relay,omitempty"` // ws:// or wss:// address
}

// IdentityName is the identity file's name in the config folder.
const IdentityName = "online.json"

// LoadIdentity reads the identity kept in dir (the config folder); with none,
// or a damaged one, it draws a new key and keeps it, so that the player's
// seats survive the program closing.
func LoadIdentity(dir string) (Identity, error) {
	var id Identity
	b, err := os.ReadFile(filepath.Join(dir, IdentityName))
	switch {
	case err == nil:
		if json.Unmarshal(b, &id) == nil && validKey(id.Key) {
			return id, nil
		}
		id = Identity{}
	case !errors.Is(err, os.ErrNotExist):
		return id, fmt.Errorf("online: %v", err)
	}
	id.Key = NewKey()
	return id, id.Save(dir)
}

func validKey(k string) bool {
	return len(k) == proto.KeyLen && (&proto.Msg{T: proto.List, Key: k}).Check() == nil
}

// Save keeps the identity in dir, readable by its owner only.
func (id Identity) Save(dir string) error {
	id.Name = strings.TrimSpace(id.Name)
	b, err := json.MarshalIndent(id, "", "  ")
	if err != nil {
		return fmt.Errorf("online: %v", err)
	}
	path := filepath.Join(dir, IdentityName)
	if err := save.WriteFileAtomic(path, append(b, '\n')); err != nil {
		return err
	}
	return os.Chmod(path, 0o600)
}

// GamesResult is the answer of ListGamesAsync: a player's games, or why not.
type GamesResult struct {
	Games []proto.GameInfo
	Err   error
}

// ListGamesAsync asks for the games the key holds a seat in (ListGames) without
// waiting: the answer comes on the channel, once, within timeout. The window
// asks for its "your move" list this way and looks at the channel each frame.
func ListGamesAsync(dial func(context.Context) (wire.Conn, error), key string, timeout time.Duration) <-chan GamesResult {
	out := make(chan GamesResult, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		g, err := ListGames(ctx, dial, key)
		out <- GamesResult{g, err}
	}()
	return out
}

// YourMove counts the games of list where it is the player's move (the title
// bar's count).
func YourMove(list []proto.GameInfo) int {
	n := 0
	for _, g := range list {
		if g.YourMove {
			n++
		}
	}
	return n
}
