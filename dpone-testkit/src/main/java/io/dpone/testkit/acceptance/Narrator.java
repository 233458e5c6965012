package io.dpone.testkit.acceptance;

/** Where a scenario says what it does, step by step, for {@code dpone demo}; tests pass {@link #SILENT}. */
@FunctionalInterface
public interface Narrator {
    Narrator SILENT = line -> {};

    void say(String line);
}
