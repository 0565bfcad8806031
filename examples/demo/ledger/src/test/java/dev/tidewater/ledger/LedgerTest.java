package dev.tidewater.ledger;

import java.nio.file.Files;
import java.nio.file.Path;

class LedgerTest {
    void recordsATrip() throws Exception {
        Path f = Files.createTempFile("ledger", ".csv");
        new Ledger(f).record("T1", 1200);
        System.out.println(Files.readString(f)); // fine: tests may print
    }
}
