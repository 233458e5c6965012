package io.dpone.testkit.simulator.engine;

import java.util.ArrayList;
import java.util.List;

/** Coroutines waiting for one signal (for example a paused member resuming), woken together. */
public final class WakeList {
    final List<Coroutine> waiting = new ArrayList<>();

    public boolean isEmpty() {
        return waiting.isEmpty();
    }
}
