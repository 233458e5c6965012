package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * When an authority record entered each phase it has stood in, oldest first: the optional
 * {@code phase_times} key of both modes' payloads, from the service clock (issue 21). Only
 * receipts read it; no decision does. {@link #UNKNOWN} (empty, the key omitted) is a record
 * written before phases were timed; such a record, continued by this build, starts its history
 * at its next phase change, so the time before that stays unknown. At most {@link #MAX_ENTRIES}
 * entries are kept, the oldest dropped first (a cleanup that keeps being redispatched loops
 * between two phases).
 */
public record PhaseHistory(List<Entry> entries) {
    public static final int MAX_ENTRIES = 32;
    public static final PhaseHistory UNKNOWN = new PhaseHistory(List.of());
    static final String PHASE = "phase";
    static final String AT = "at";

    /** The record entered {@code phase} at {@code at}. */
    public record Entry(String phase, Instant at) {
        public Entry {
            requireNonNull(phase, "phase is null");
            requireNonNull(at, "at is null");
            if (phase.isBlank()) {
                throw new IllegalArgumentException("phase is blank");
            }
        }
    }

    public PhaseHistory {
        entries = List.copyOf(requireNonNull(entries, "entries is null"));
        if (entries.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("at most " + MAX_ENTRIES + " phase entries");
        }
        for (int i = 1; i < entries.size(); i++) {
            if (entries.get(i).phase().equals(entries.get(i - 1).phase())) {
                throw new IllegalArgumentException("a phase entry repeats the phase before it");
            }
            if (entries.get(i).at().isBefore(entries.get(i - 1).at())) {
                throw new IllegalArgumentException("phase entries go back in time");
            }
        }
    }

    /** A new operation's first record. */
    public static PhaseHistory started(String phase, Instant at) {
        return new PhaseHistory(List.of(new Entry(phase, at)));
    }

    /** After a write from {@code previous} to {@code phase} at {@code at}: a phase change is appended, a same-phase write is not. */
    public PhaseHistory entered(String previous, String phase, Instant at) {
        boolean unchanged = entries.isEmpty()
                ? previous.equals(phase)
                : entries.get(entries.size() - 1).phase().equals(phase);
        if (unchanged) {
            return this;
        }
        List<Entry> next = new ArrayList<>(entries);
        if (next.size() == MAX_ENTRIES) {
            next.remove(0);
        }
        next.add(new Entry(phase, at));
        return new PhaseHistory(next);
    }

    public boolean isUnknown() {
        return entries.isEmpty();
    }

    /** True when every entry lies within the record's own times, as a payload requires. */
    public boolean within(Instant createdAt, Instant updatedAt) {
        return entries.stream()
                .allMatch(
                        entry -> !entry.at().isBefore(createdAt) && !entry.at().isAfter(updatedAt));
    }

    /** True when every entry names a phase {@code known} accepts. */
    public boolean names(Predicate<String> known) {
        return entries.stream().map(Entry::phase).allMatch(known);
    }

    /** The canonical JSON value: {@code [{"at": instant, "phase": name}, ...]}, oldest first. */
    public List<Object> json() {
        List<Object> json = new ArrayList<>();
        for (Entry entry : entries) {
            Map<String, Object> object = new TreeMap<>();
            object.put(AT, entry.at().toString());
            object.put(PHASE, entry.phase());
            json.add(object);
        }
        return json;
    }

    /**
     * Reads the canonical JSON value (absent: {@link #UNKNOWN}); an empty array, another key, a
     * phase {@code known} refuses or an unordered history is not canonical.
     *
     * @throws IllegalArgumentException naming what is wrong, which each codec turns into its block
     */
    public static PhaseHistory fromJson(JsonNode array, Predicate<String> known) {
        if (array == null) {
            return UNKNOWN;
        }
        if (!array.isArray() || array.isEmpty()) {
            throw new IllegalArgumentException("phase_times is not a non-empty array");
        }
        List<Entry> entries = new ArrayList<>();
        for (JsonNode element : array) {
            if (element == null
                    || !element.isObject()
                    || element.size() != 2
                    || !element.path(PHASE).isTextual()
                    || !element.path(AT).isTextual()) {
                throw new IllegalArgumentException("a phase_times entry is not {at, phase}");
            }
            String phase = element.get(PHASE).textValue();
            if (!known.test(phase)) {
                throw new IllegalArgumentException("a phase_times entry names no phase of this mode");
            }
            try {
                entries.add(new Entry(phase, Instant.parse(element.get(AT).textValue())));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("a phase_times entry's at is not an ISO-8601 instant");
            }
        }
        return new PhaseHistory(entries);
    }
}
