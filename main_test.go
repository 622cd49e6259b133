package main

import (
	"io"
	"sig/ai"
	"sig/match"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	cfg, err := parseFlags([]string{"-game", "seega", "-seats", "human,ai:hard", "-seed", "5", "-screenshot", "/tmp/x.png"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Game != "seega" || len(cfg.Seats) != 2 || cfg.Seats[1].Who != (match.Computer{Level: ai.Hard}) || cfg.Seed != 5 || cfg.ScreenshotPath != "/tmp/x.png" || cfg.ScreenshotFrame != 60 {
		t.Errorf("config %+v", cfg)
	}
	bad := map[string][]string{
		"malformed seats": {"-game", "seega", "-seats", "human,robot"},
		"unknown level":   {"-seats", "ai:godlike"},
		"unknown flag":    {"-colour", "red"},
		"stray argument":  {"seega"},
		"tiny window":     {"-width", "10"},
		"frame zero":      {"-screenshot-frame", "0"},
		"not a number":    {"-players", "two"},
	}
	for name, args := range bad {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("%s (%s): accepted", name, strings.Join(args, " "))
		}
	}
}
