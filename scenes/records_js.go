//go:build js

package scenes

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"sig/rules"
	"sig/scenes/lang"
)

// In the browser a record is exported as a download (a Blob behind a hidden link) and copied
// to the clipboard where the page may write it; it is imported from a file chosen with a hidden
// <input type=file>, from the clipboard, or from a text box where it is pasted by hand. The
// answers come back later, from the page's own callbacks, through the inbox (records.go).

// recordsHome is the desktop's records folder for tests; a browser has none.
var recordsHome string

// recordFile is a record in the records folder; a browser has none.
type recordFile struct {
	Name, Path string
	Mod        time.Time
}

func recordFolder() (string, error) { return "", errors.New("a browser has no records folder") }
func listRecords(int) []recordFile  { return nil }
func readRecordFile(string) ([]byte, error) {
	return nil, errors.New("a browser has no records folder")
}

// jsCall runs f and turns a JavaScript exception into an error.
func jsCall(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// exportRecord downloads r as a file and copies it to the clipboard.
func exportRecord(r rules.Record) string {
	b := encodeRecord(r)
	name := recordName(r.Game, time.Now())
	err := jsCall(func() {
		g := js.Global()
		doc := g.Get("document")
		arr := g.Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(arr, b)
		blob := g.Get("Blob").New([]any{arr}, map[string]any{"type": "application/json"})
		url := g.Get("URL").Call("createObjectURL", blob)
		a := doc.Call("createElement", "a")
		a.Set("href", url)
		a.Set("download", name)
		a.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", a)
		a.Call("click")
		a.Call("remove")
		// The download reads the URL after this returns: it is let go a minute later.
		var revoke js.Func
		revoke = js.FuncOf(func(js.Value, []js.Value) any {
			g.Get("URL").Call("revokeObjectURL", url)
			revoke.Release()
			return nil
		})
		g.Call("setTimeout", revoke, 60_000)
	})
	if err != nil {
		return failed("saves.export.failed", err)
	}
	copyText(string(b), lang.T("saves.export.copied", name))
	return lang.T("saves.export.downloaded", name)
}

// copyText puts s on the clipboard where the page may; once it is there, done becomes the
// notice (a refusal leaves the download's notice as it is).
func copyText(s, done string) {
	_ = jsCall(func() {
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.IsUndefined() || clip.IsNull() || clip.Get("writeText").IsUndefined() {
			return
		}
		promise(clip.Call("writeText", s), func(js.Value) { lateNotice(done) }, func(js.Value) {})
	})
}

// promise calls ok or fail when p settles, releasing its callbacks after.
func promise(p js.Value, ok, fail func(js.Value)) {
	var then, catch js.Func
	release := func() { then.Release(); catch.Release() }
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		ok(arg(args))
		return nil
	})
	catch = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		fail(arg(args))
		return nil
	})
	p.Call("then", then, catch)
}

func arg(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// fileInput is the hidden <input type=file> of pickRecordFile, made once.
var fileInput js.Value

// pickRecordFile opens the browser's file chooser; the chosen file arrives in the inbox.
func pickRecordFile() bool {
	err := jsCall(func() {
		doc := js.Global().Get("document")
		if fileInput.IsUndefined() || fileInput.Type() == js.TypeUndefined {
			in := doc.Call("createElement", "input")
			in.Set("type", "file")
			in.Set("accept", ".json,application/json,text/plain")
			in.Get("style").Set("display", "none")
			in.Call("addEventListener", "change", js.FuncOf(func(this js.Value, _ []js.Value) any {
				files := this.Get("files")
				if files.Get("length").Int() == 0 {
					return nil
				}
				f := files.Index(0)
				this.Set("value", "") // choosing the same file again fires again
				if f.Get("size").Int() > maxSaveSize {
					deliver(nil, errors.New("the file is too large to be a record"))
					return nil
				}
				promise(f.Call("text"), func(t js.Value) { deliver([]byte(t.String()), nil) },
					func(e js.Value) { deliver(nil, fmt.Errorf("the file could not be read: %s", jsString(e))) })
				return nil
			}))
			doc.Get("body").Call("appendChild", in)
			fileInput = in
		}
		fileInput.Call("click")
	})
	return err == nil
}

func jsString(v js.Value) string {
	if v.IsUndefined() || v.IsNull() {
		return "unknown error"
	}
	return v.Call("toString").String()
}

// pasteRecord reads a record from the clipboard where the page may, and otherwise opens a text
// box to paste it into.
func pasteRecord() bool {
	err := jsCall(func() {
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.IsUndefined() || clip.IsNull() || clip.Get("readText").IsUndefined() {
			pasteBox()
			return
		}
		promise(clip.Call("readText"), func(t js.Value) {
			if t.Type() == js.TypeString && t.String() != "" {
				deliver([]byte(t.String()), nil)
				return
			}
			pasteBox()
		}, func(js.Value) {
			lateNotice(lang.T("saves.records.noclip"))
			pasteBox()
		})
	})
	return err == nil
}

// pasteBox shows a text box over the game, with Import and Cancel, for pasting a record by hand.
func pasteBox() {
	_ = jsCall(func() {
		doc := js.Global().Get("document")
		if !doc.Call("getElementById", "sig-paste").IsNull() {
			return
		}
		box := doc.Call("createElement", "div")
		box.Set("id", "sig-paste")
		box.Set("style", "position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(20,14,8,.55);z-index:10")
		if lang.Current().RTL() {
			box.Set("dir", "rtl")
		}
		card := doc.Call("createElement", "div")
		card.Set("style", "background:#f6ecd9;border-radius:14px;padding:18px;width:min(640px,90vw);font:16px sans-serif;color:#2b1d12;box-shadow:0 8px 30px rgba(0,0,0,.4)")
		help := doc.Call("createElement", "p")
		help.Set("textContent", lang.T("saves.records.pastehelp"))
		help.Set("style", "margin:0 0 10px")
		ta := doc.Call("createElement", "textarea")
		ta.Set("style", "width:100%;height:40vh;box-sizing:border-box;font:13px monospace;direction:ltr")
		row := doc.Call("createElement", "div")
		row.Set("style", "display:flex;gap:10px;justify-content:flex-end;margin-top:10px")
		button := func(label, bg string, f func()) {
			b := doc.Call("createElement", "button")
			b.Set("textContent", label)
			b.Set("style", "font:bold 16px sans-serif;padding:10px 18px;border-radius:10px;border:1px solid #8a6a48;background:"+bg)
			b.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
				f()
				return nil
			}))
			row.Call("appendChild", b)
		}
		button(lang.T("cancel"), "#f6ecd9", func() { box.Call("remove") })
		button(lang.T("saves.records.import"), "#c8643c;color:#fff", func() {
			text := ta.Get("value").String()
			box.Call("remove")
			deliver([]byte(text), nil)
		})
		card.Call("appendChild", help)
		card.Call("appendChild", ta)
		card.Call("appendChild", row)
		box.Call("appendChild", card)
		doc.Get("body").Call("appendChild", box)
		ta.Call("focus")
	})
}
