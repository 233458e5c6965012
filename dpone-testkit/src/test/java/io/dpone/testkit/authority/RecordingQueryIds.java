package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Fresh random query ids that remembers which purpose got which id, so tests can count sends per id. */
final class RecordingQueryIds implements AuthorityQueryIds {
    private final List<String[]> issued = new ArrayList<>();

    @Override
    public synchronized String next(String purpose) {
        String id = "t-" + purpose + "-" + UUID.randomUUID();
        issued.add(new String[] {purpose, id});
        return id;
    }

    synchronized List<String> idsFor(String purpose) {
        return issued.stream()
                .filter(entry -> entry[0].equals(purpose))
                .map(entry -> entry[1])
                .toList();
    }
}
