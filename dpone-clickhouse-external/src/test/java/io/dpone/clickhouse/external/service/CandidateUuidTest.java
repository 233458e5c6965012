package io.dpone.clickhouse.external.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The candidate UUIDs recorded before each CREATE: version-4, variant 2, drawn from the injected bits (pure). */
class CandidateUuidTest {
    @Test
    void everyDrawIsAFreshVersionFourUuidFromTheInjectedBits() {
        ExternalRecordBuilder steps = new ExternalRecordBuilder(RandomBits.from(new Random(11)));
        Set<UUID> drawn = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            UUID uuid = steps.candidateUuid();
            assertEquals(4, uuid.version());
            assertEquals(2, uuid.variant());
            drawn.add(uuid);
        }
        assertEquals(1_000, drawn.size());
        assertEquals(
                new ExternalRecordBuilder(RandomBits.from(new Random(11))).candidateUuid(),
                new ExternalRecordBuilder(RandomBits.from(new Random(11))).candidateUuid(),
                "a seeded source gives a reproducible run");
        assertNotEquals(
                new ExternalRecordBuilder(RandomBits.secure()).candidateUuid(),
                new ExternalRecordBuilder(RandomBits.secure()).candidateUuid());
    }
}
