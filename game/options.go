package game

import (
	"fmt"
	"strings"
)

// OptionSpec is one rules option of a game.
type OptionSpec struct {
	Key    string
	Values []string // Values[0] is the default
	Help   string   // one line for the start screen and the rules help
}

// Option is one key=value pair.
type Option struct{ Key, Value string }

// Options are the rules options of a game, complete (every key of the game, defaults
// filled in) and in the game's declared order.
type Options []Option

// Get returns the value of key, or "" when the game has no such option.
func (o Options) Get(key string) string {
	for _, kv := range o {
		if kv.Key == key {
			return kv.Value
		}
	}
	return ""
}

// String joins the options as "k=v,k=v", the form of the record's Options tag.
func (o Options) String() string {
	parts := make([]string, len(o))
	for i, kv := range o {
		parts[i] = kv.Key + "=" + kv.Value
	}
	return strings.Join(parts, ",")
}

// Label is the option in words, as the window shows it: "Stalemate: draw".
func (o Option) Label() string {
	return OptionTitle(o.Key) + ": " + o.Value
}

// OptionTitle is an option's key as a title: "stalemate" → "Stalemate".
func OptionTitle(key string) string {
	if key == "" {
		return ""
	}
	return strings.ToUpper(key[:1]) + key[1:]
}

// Describe lists the options in words, "Adjacency: strict · Continuation: off".
func (o Options) Describe() string {
	parts := make([]string, len(o))
	for i, kv := range o {
		parts[i] = kv.Label()
	}
	return strings.Join(parts, " · ")
}

// ResolveOptions reads "k=v,k=v" (spaces and case ignored, empty for all defaults)
// against g's options: an unknown key or value, a pair without "=", or a key given
// twice is an error that names it. The result lists every option of g.
func (g *Info) ResolveOptions(s string) (Options, error) {
	given := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("game: %s option %q is not key=value", g.Name, part)
		}
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.ToLower(strings.TrimSpace(v))
		spec := g.option(k)
		if spec == nil {
			return nil, fmt.Errorf("game: %s has no option %q%s", g.Name, k, g.optionKeys())
		}
		if !contains(spec.Values, v) {
			return nil, fmt.Errorf("game: %s option %s has no value %q (values: %s)",
				g.Name, k, v, strings.Join(spec.Values, ", "))
		}
		if _, dup := given[k]; dup {
			return nil, fmt.Errorf("game: %s option %s given twice", g.Name, k)
		}
		given[k] = v
	}
	opts := make(Options, len(g.Options))
	for i, spec := range g.Options {
		v, ok := given[spec.Key]
		if !ok {
			v = spec.Values[0]
		}
		opts[i] = Option{spec.Key, v}
	}
	return opts, nil
}

func (g *Info) option(key string) *OptionSpec {
	for i := range g.Options {
		if g.Options[i].Key == key {
			return &g.Options[i]
		}
	}
	return nil
}

func (g *Info) optionKeys() string {
	if len(g.Options) == 0 {
		return " (it has no options)"
	}
	keys := make([]string, len(g.Options))
	for i, spec := range g.Options {
		keys[i] = spec.Key
	}
	return " (options: " + strings.Join(keys, ", ") + ")"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
