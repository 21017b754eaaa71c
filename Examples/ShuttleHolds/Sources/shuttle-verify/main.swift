import ShuttleHarness
import VerifyKit

Verify.main(models: [ShuttlePlugin()])
