package online

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"trihex/online/proto"
	"trihex/online/relay"
)

// With --cert and --key the relay speaks TLS: wss:// on its first line, and a
// player connects through it.
func TestServeTLS(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	_ = os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	_ = os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	line, _ := firstLine(t, func(w io.Writer) int {
		if err := serve(ctx, relay.NewMemory(), true, "127.0.0.1:0", certFile, keyFile, w, io.Discard); err != nil {
			return 1
		}
		return 0
	})
	url, ok := strings.CutPrefix(line, "listening on ")
	if !ok || !strings.HasPrefix(url, "wss://127.0.0.1:") {
		t.Fatalf("first line %q", line)
	}
	pool := x509.NewCertPool()
	cert, _ := x509.ParseCertificate(der)
	pool.AddCert(cert)
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, url, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	b, _ := proto.Encode(&proto.Msg{T: proto.Hello, V: proto.Version, Rules: proto.RulesVersion})
	if err := c.Write(dctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
	_, got, err := c.Read(dctx)
	if err != nil || !strings.Contains(string(got), `"welcome"`) {
		t.Fatalf("%s %v", got, err)
	}
}
