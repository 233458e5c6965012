package io.dpone.testkit.simulator.world;

import java.util.LinkedHashMap;
import java.util.Map;

/** One database on one member: its engine and its tables by name, in creation order. */
public final class SimDatabase {
    public String engine;
    public final Map<String, SimTable> tables = new LinkedHashMap<>();

    SimDatabase(String engine) {
        this.engine = engine;
    }
}
